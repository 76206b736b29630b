import { decodeJwt, SignJWT } from 'jose';
import type { IssuerKey } from './credential-signing-key.js';

const seconds = (iso: string) => Math.floor(Date.parse(iso) / 1000);

/** What a JWT's registered claims are taken from. */
interface SignableCredential {
  id: string;
  validFrom: string;
  validUntil: string;
  credentialSubject: { id?: string };
}

/** The JOSE header's media type of a VC 2.0 credential secured as a JWT (VC-JOSE-COSE §3.1.1). */
export const VC_JWT_TYPE = 'vc+jwt';

/** The registered claims the JWT adds beside the credential's own properties. */
const REGISTERED_CLAIMS = ['iss', 'sub', 'jti', 'iat', 'nbf', 'exp'] as const;

/**
 * A credential (a badge, or the status list) secured with JOSE as VC 2.0 and Open Badges 3.0 §8.2 now
 * read it: the payload *is* the credential (no `vc` wrapper, which was VC 1.1's JWT encoding), typed
 * `vc+jwt`, with the registered claims a plain JWT verifier checks without reading the credential — the
 * issuer, the subject, the id and the validity window — repeating what the credential says.
 */
export function signCredential(credential: SignableCredential, key: IssuerKey, issuedAt: Date): Promise<string> {
  const jwt = new SignJWT({ ...credential })
    .setProtectedHeader({ alg: 'EdDSA', typ: VC_JWT_TYPE, cty: 'vc', kid: key.kid })
    .setIssuer(key.did)
    .setJti(credential.id)
    .setIssuedAt(Math.floor(issuedAt.getTime() / 1000))
    .setNotBefore(seconds(credential.validFrom))
    .setExpirationTime(seconds(credential.validUntil));
  if (credential.credentialSubject.id) jwt.setSubject(credential.credentialSubject.id);
  return jwt.sign(key.privateKey);
}

/**
 * The credential a stored JWT carries (the campus signed it; nothing to verify on the way out): the
 * payload less its registered claims, or the `vc` claim of a credential signed before VC-JOSE-COSE.
 */
export function credentialOfJwt(jwt: string): Record<string, unknown> {
  const payload = decodeJwt(jwt);
  if (payload.vc && typeof payload.vc === 'object') return payload.vc as Record<string, unknown>;
  const credential: Record<string, unknown> = { ...payload };
  for (const claim of REGISTERED_CLAIMS) delete credential[claim];
  return credential;
}
