import type { CertificateList } from '@campus/contracts/certificates';
import { apiClient } from '../../../lib/api-client';
import type { ReadOptions } from '../../../lib/request-options';

/** GET /api/v1/certificates/ — every certificate of the logged-in learner, expired ones included. */
export function getCertificates(options: ReadOptions = {}): Promise<CertificateList> {
  // Personal, and a new one arrives when an exam is graded: never an HTTP-cached copy.
  return apiClient.get<CertificateList>('/api/v1/certificates/', { noCache: true, ...options });
}
