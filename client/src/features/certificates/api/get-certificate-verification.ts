import type { CertificateVerification } from '@campus/contracts/certificates';
import { apiClient } from '../../../lib/api-client';
import type { ReadOptions } from '../../../lib/request-options';

/** GET /api/v1/certificate-verifications/{slug} — public, no login; 404 for an unknown certificate. */
export function getCertificateVerification(slug: string, options: ReadOptions = {}): Promise<CertificateVerification> {
  // A certificate expires with time: always ask the server, never a cached answer.
  return apiClient.get<CertificateVerification>(`/api/v1/certificate-verifications/${encodeURIComponent(slug)}`, {
    noCache: true,
    ...options,
  });
}
