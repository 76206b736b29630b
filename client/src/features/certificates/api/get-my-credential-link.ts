import type { CredentialLink } from '@campus/contracts/credentials';
import { getMyCertificateCredential } from '@campus/contracts/routes/credentials';
import { callApi } from '../../../lib/call-api';
import type { ReadOptions } from '../../../lib/request-options';

/** Where the learner's own certificate's Open Badges credential is published; 404 until it is signed. */
export function getMyCredentialLink(certificateId: string, options: ReadOptions = {}): Promise<CredentialLink> {
  return callApi(getMyCertificateCredential, { params: { certificateId } }, { noCache: true, ...options });
}
