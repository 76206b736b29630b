import type { CredentialLink } from '@campus/contracts/credentials';
import { getVerifiedCertificateCredential } from '@campus/contracts/routes/credentials';
import { callApi } from '../../../lib/call-api';
import type { ReadOptions } from '../../../lib/request-options';

/** Public, no login: the credential of the certificate with this printed number; 404 when there is none. */
export function getPublicCredentialLink(slug: string, options: ReadOptions = {}): Promise<CredentialLink> {
  return callApi(getVerifiedCertificateCredential, { params: { slug } }, { noCache: true, ...options });
}
