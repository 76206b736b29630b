import type { Certificate } from '@campus/contracts/certificates';
import { getCertificate as getCertificateRoute } from '@campus/contracts/routes/certificates';
import { callApi } from '../../../lib/call-api';
import type { ReadOptions } from '../../../lib/request-options';

/** One of the learner's certificates (by id or slug); 404 when it is not theirs. */
export function getCertificate(idOrSlug: string, options: ReadOptions = {}): Promise<Certificate> {
  return callApi(getCertificateRoute, { params: { certificateId: idOrSlug } }, { noCache: true, ...options });
}
