/** The registered claims a VC-JOSE-COSE JWT adds beside the credential's own properties. */
const REGISTERED_CLAIMS = ['iss', 'sub', 'jti', 'iat', 'nbf', 'exp'];

/** The credential a VC-JOSE-COSE JWT secures, read as a verifier would: its payload less the registered claims. */
export function credentialOfPayload(payload: Record<string, unknown>): Record<string, any> {
  return Object.fromEntries(Object.entries(payload).filter(([claim]) => !REGISTERED_CLAIMS.includes(claim)));
}
