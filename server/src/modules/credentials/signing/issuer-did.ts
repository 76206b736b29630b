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

/** One issuer key as the DID document lists it: as a JWK (the JWT's `kid`) and as a Multikey (Data Integrity proofs). */
export interface PublishedKey {
  jwk: PublicSigningJwk;
  /** `z6Mk…`: the key's multibase form; `<did>#<it>` is its Multikey verification method. */
  publicKeyMultibase: string;
}

export const multikeyIdOf = (did: string, publicKeyMultibase: string): string => `${did}#${publicKeyMultibase}`;

/**
 * The DID document published at /.well-known/did.json: each key usable to assert credentials twice, as a
 * `JsonWebKey2020` (named by its JWK thumbprint: the VC-JWT's `kid`) and as a `Multikey` (named by its
 * multibase: the Data Integrity proof's `verificationMethod`). The current signing key comes first, then
 * the keys of earlier rotations, so what they signed still verifies in both forms.
 */
export function didDocumentOf(did: string, keys: readonly PublishedKey[]) {
  const jsonWebKeys = keys.map(({ jwk }) => ({ id: jwk.kid, type: 'JsonWebKey2020', controller: did, publicKeyJwk: jwk }));
  const multikeys = keys.map(({ publicKeyMultibase }) => ({ id: multikeyIdOf(did, publicKeyMultibase), type: 'Multikey', controller: did, publicKeyMultibase }));
  const ids = [...multikeys, ...jsonWebKeys].map((method) => method.id);
  return {
    '@context': ['https://www.w3.org/ns/did/v1', 'https://w3id.org/security/multikey/v1', 'https://w3id.org/security/suites/jws-2020/v1'],
    id: did,
    verificationMethod: [...jsonWebKeys, ...multikeys],
    assertionMethod: ids,
    authentication: ids,
  };
}

export type IssuerDidDocument = ReturnType<typeof didDocumentOf>;
