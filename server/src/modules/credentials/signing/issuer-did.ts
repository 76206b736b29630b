/**
 * The campus as a `did:web` issuer: the DID names its public origin (the port's colon written `%3A`,
 * as did:web requires), and resolves to `<origin>/.well-known/did.json`.
 */
export function issuerDidOf(publicOrigin: string): string {
  const { host } = new URL(publicOrigin);
  return `did:web:${host.replace(':', '%3A')}`;
}

export interface PublicSigningJwk {
  kty: 'OKP';
  crv: 'Ed25519';
  x: string;
  kid: string;
  alg: 'EdDSA';
  use: 'sig';
}

/**
 * The DID document published at /.well-known/did.json: the Ed25519 keys usable to assert credentials,
 * the current signing key first, then the keys of earlier rotations (credentials they signed still verify).
 */
export function didDocumentOf(did: string, publicJwks: readonly PublicSigningJwk[]) {
  return {
    '@context': ['https://www.w3.org/ns/did/v1', 'https://w3id.org/security/suites/jws-2020/v1'],
    id: did,
    verificationMethod: publicJwks.map((publicJwk) => ({ id: publicJwk.kid, type: 'JsonWebKey2020', controller: did, publicKeyJwk: publicJwk })),
    assertionMethod: publicJwks.map((publicJwk) => publicJwk.kid),
    authentication: publicJwks.map((publicJwk) => publicJwk.kid),
  };
}
