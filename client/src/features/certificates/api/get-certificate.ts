import type { Certificate } from '@campus/contracts/certificates';
import { apiClient } from '../../../lib/api-client';
import type { ReadOptions } from '../../../lib/request-options';

/** GET /api/v1/certificates/{id or slug} — one of the learner's certificates; 404 when it is not theirs. */
export function getCertificate(idOrSlug: string, options: ReadOptions = {}): Promise<Certificate> {
  return apiClient.get<Certificate>(`/api/v1/certificates/${encodeURIComponent(idOrSlug)}`, { noCache: true, ...options });
}
