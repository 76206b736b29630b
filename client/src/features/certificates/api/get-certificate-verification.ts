import type { CertificateVerification } from '@campus/contracts/certificates';
import { verifyCertificate } from '@campus/contracts/routes/certificates';
import { callApi } from '../../../lib/call-api';
import type { ReadOptions } from '../../../lib/request-options';

/** Public, no login; 404 for an unknown certificate. */
export function getCertificateVerification(slug: string, options: ReadOptions = {}): Promise<CertificateVerification> {
  // A certificate expires with time: always ask the server, never a cached answer.
  return callApi(verifyCertificate, { params: { slug } }, {
    noCache: true,
    ...options,
  });
}
