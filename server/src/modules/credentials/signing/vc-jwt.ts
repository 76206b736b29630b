import { decodeJwt, SignJWT } from 'jose';
import type { IssuerKey } from './credential-signing-key.js';

const seconds = (iso: string) => Math.floor(Date.parse(iso) / 1000);

/** What a VC-JWT's registered claims are taken from. */
interface SignableCredential {
  id: string;
  validFrom: string;
  validUntil: string;
}

/**
 * A credential (a badge, or the status list) as a VC-JWT (OB 3.0 §8.2): the credential is the `vc`
 * claim, and the registered claims repeat what a JWT verifier checks without reading it (issuer, id,
 * validity window).
 */
export function signCredential(credential: SignableCredential, key: IssuerKey, issuedAt: Date): Promise<string> {
  return new SignJWT({ vc: credential })
    .setProtectedHeader({ alg: 'EdDSA', typ: 'JWT', kid: key.kid })
    .setIssuer(key.did)
    .setJti(credential.id)
    .setIssuedAt(Math.floor(issuedAt.getTime() / 1000))
    .setNotBefore(seconds(credential.validFrom))
    .setExpirationTime(seconds(credential.validUntil))
    .sign(key.privateKey);
}

/** The credential a stored VC-JWT carries (the campus signed it; nothing to verify on the way out). */
export const credentialOfJwt = (jwt: string): unknown => decodeJwt(jwt).vc;
