import type { CertificateList } from '@campus/contracts/certificates';
import { listCertificates } from '@campus/contracts/routes/certificates';
import { callApi } from '../../../lib/call-api';
import type { ReadOptions } from '../../../lib/request-options';

/** Every certificate of the logged-in learner, expired ones included. */
export function getCertificates(options: ReadOptions = {}): Promise<CertificateList> {
  // Personal, and a new one arrives when an exam is graded: never an HTTP-cached copy.
  return callApi(listCertificates, {}, { noCache: true, ...options });
}
