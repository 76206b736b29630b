import { generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createLocalJWKSet, importJWK, type JWK, jwtVerify } from 'jose';
import { parseConfig } from '../../../config/config';
import { openBadgeCredentialOf } from '../open-badge-credential';
import { CredentialSigningKey, loadOrCreateKeyFile } from './credential-signing-key';
import { issuerDidOf } from './issuer-did';
import { signWithDataIntegrity, verifyDataIntegrity } from './data-integrity-proof';
import type { DidDocument } from './json-ld-document-loader';
import { credentialOfJwt, signCredential } from './vc-jwt';

describe('the issuer key', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'campus-credential-key-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
  const keyOf = (env: Record<string, string>) => new CredentialSigningKey(parseConfig({ PUBLIC_URL: 'http://localhost:3000', DATA_DIR: dataDir, ...env }));

  it('names the campus by did:web, the port colon written %3A', () => {
    expect(issuerDidOf('http://localhost:3000')).toBe('did:web:localhost%3A3000');
    expect(issuerDidOf('https://campus.example.jp')).toBe('did:web:campus.example.jp');
  });

  it('is generated once in the data folder, readable by its owner only, and reused', async () => {
    const first = await keyOf({}).issuerKey();
    const file = path.join(dataDir, 'credential-signing-key.json');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(JSON.parse(readFileSync(file, 'utf8'))).toMatchObject({ kty: 'OKP', crv: 'Ed25519', d: expect.any(String) });
    const again = await keyOf({}).issuerKey();
    expect(again.kid).toBe(first.kid);
    expect(first.kid).toMatch(/^did:web:localhost%3A3000#[\w-]{43}$/);
  });

  it('ends with one whole key when several processes create it at once, leaving no draft behind', async () => {
    // A `wx` write made the name visible before its content: a racing reader once parsed an empty file.
    for (let round = 0; round < 25; round += 1) {
      const file = path.join(dataDir, `race-${round}.json`);
      const results = await Promise.all(Array.from({ length: 4 }, () => loadOrCreateKeyFile(file)));
      expect(new Set(results.map((result) => result.jwk.x)).size).toBe(1);
      expect(results.filter((result) => result.created)).toHaveLength(1);
      expect(statSync(file).mode & 0o777).toBe(0o600);
    }
    expect(readdirSync(dataDir).filter((name) => name.startsWith('race-') && !name.endsWith('.json'))).toEqual([]);
  });

  it('is read from CREDENTIAL_SIGNING_KEY as a JWK or a PEM, and publishes only the public half', async () => {
    const { privateKey } = generateKeyPairSync('ed25519');
    const jwk = JSON.stringify(privateKey.export({ format: 'jwk' }));
    const pem = privateKey.export({ format: 'pem', type: 'pkcs8' }).toString();
    const fromJwk = keyOf({ CREDENTIAL_SIGNING_KEY: jwk });
    const fromPem = keyOf({ CREDENTIAL_SIGNING_KEY: pem });
    expect((await fromJwk.issuerKey()).kid).toBe((await fromPem.issuerKey()).kid);
    const { keys } = await fromPem.jwks();
    expect(keys).toEqual([{ kty: 'OKP', crv: 'Ed25519', x: JSON.parse(jwk).x, kid: (await fromPem.issuerKey()).kid, alg: 'EdDSA', use: 'sig' }]);
    const document = await fromPem.didDocument();
    expect(document.verificationMethod[0]).toMatchObject({ id: keys[0]!.kid, controller: 'did:web:localhost%3A3000', publicKeyJwk: keys[0] });
    // The same key as a Multikey, for Data Integrity proofs: z6Mk… is an Ed25519 public key in multibase.
    const multikey = document.verificationMethod[1] as { publicKeyMultibase: string };
    expect(multikey).toEqual({
      id: `did:web:localhost%3A3000#${multikey.publicKeyMultibase}`,
      type: 'Multikey',
      controller: 'did:web:localhost%3A3000',
      publicKeyMultibase: expect.stringMatching(/^z6Mk[1-9A-HJ-NP-Za-km-z]{44}$/),
    });
    expect(JSON.stringify(document)).not.toContain('"d"');
  });

  it('refuses a key that is not a private Ed25519 key', async () => {
    const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    await expect(keyOf({ CREDENTIAL_SIGNING_KEY: JSON.stringify(privateKey.export({ format: 'jwk' })) }).issuerKey()).rejects.toThrow();
  });

  it('signs a VC-JOSE-COSE JWT whose kid the JWKS resolves: the payload is the credential, with the registered claims', async () => {
    const signingKey = keyOf({});
    const key = await signingKey.issuerKey();
    const credential = openBadgeCredentialOf({
      credentialId: '0b6f3c2e-8a51-4d7e-9f10-3c2b1a0d9e8f',
      publicOrigin: 'http://localhost:3000',
      subjectId: 'urn:uuid:7c2f5e0a-1b3d-4e6f-8a9b-0c1d2e3f4a5b',
      issuer: { did: key.did, name: 'キャンパス', email: 'credentials@campus.example.jp' },
      email: 'learner@example.com',
      salt: 'salt',
      course: { slug: 'line-ads-basic', title: 'LINE広告 Basic', summary: '概要', program: 'AD', exam: null },
      exam: null,
      validFrom: new Date(Date.now() - 60_000),
      validUntil: new Date(Date.now() + 86_400_000),
      statusListIndex: 7,
    });
    const jwt = await signCredential(credential, key, new Date());
    const { payload, protectedHeader } = await jwtVerify(jwt, createLocalJWKSet(await signingKey.jwks()), { issuer: key.did });
    expect(protectedHeader).toEqual({ alg: 'EdDSA', typ: 'vc+jwt', cty: 'vc', kid: key.kid });
    expect(payload).toMatchObject({
      ...credential,
      iss: key.did,
      sub: credential.credentialSubject.id,
      jti: credential.id,
      nbf: Math.floor(Date.parse(credential.validFrom) / 1000),
      exp: Math.floor(Date.parse(credential.validUntil) / 1000),
    });
    expect(payload).not.toHaveProperty('vc');
  });

  describe('rotation', () => {
    const privateJwkOf = () => JSON.stringify(generateKeyPairSync('ed25519').privateKey.export({ format: 'jwk' }));
    const credentialSignedBy = async (key: Awaited<ReturnType<CredentialSigningKey['issuerKey']>>) =>
      signCredential(
        openBadgeCredentialOf({
          credentialId: '5f0c1d2e-3b4a-4c5d-8e6f-7a8b9c0d1e2f',
          publicOrigin: 'http://localhost:3000',
          subjectId: 'urn:uuid:9d8c7b6a-5f4e-4d3c-8b2a-1f0e9d8c7b6a',
          issuer: { did: key.did, name: 'キャンパス', email: 'credentials@campus.example.jp' },
          email: 'learner@example.com',
          salt: 'salt',
          course: { slug: 'line-ads-basic', title: 'LINE広告 Basic', summary: '概要', program: 'AD', exam: null },
          exam: null,
          validFrom: new Date(Date.now() - 60_000),
          validUntil: new Date(Date.now() + 86_400_000),
          statusListIndex: 9,
        }),
        key,
        new Date(),
      );
    /** A JWT verified as a DID-aware verifier does: its `kid` looked up in the DID document this key object would publish. */
    const verifyJwtWith = async (signingKey: CredentialSigningKey, jwt: string) => {
      const document = await signingKey.didDocument();
      const { kid } = JSON.parse(Buffer.from(jwt.split('.')[0]!, 'base64url').toString()) as { kid: string };
      const method = document.verificationMethod.find((candidate) => candidate.id === kid && 'publicKeyJwk' in candidate);
      if (!method || !('publicKeyJwk' in method)) throw new Error(`no key ${kid} in the DID document`);
      return jwtVerify(jwt, await importJWK(method.publicKeyJwk as JWK, 'EdDSA'), { issuer: document.id });
    };
    /** The Data Integrity form, its key resolved from the same document. */
    const verifyProofWith = async (signingKey: CredentialSigningKey, credential: object) =>
      verifyDataIntegrity(credential, async (did) => ((await signingKey.didDocument()).id === did ? ((await signingKey.didDocument()) as DidDocument) : null));

    it('keeps publishing the previous public key, so a credential signed before the rotation still verifies in both forms', async () => {
      const oldKey = privateJwkOf();
      const before = keyOf({ CREDENTIAL_SIGNING_KEY: oldKey });
      const oldJwt = await credentialSignedBy(await before.issuerKey());
      const oldProven = await signWithDataIntegrity(credentialOfJwt(oldJwt), await before.issuerKey(), new Date());
      const oldPublic = (await before.jwks()).keys[0]!;
      const oldMultikey = (await before.issuerKey()).multikey.id;

      const newKey = privateJwkOf();
      const after = keyOf({ CREDENTIAL_SIGNING_KEY: newKey, CREDENTIAL_PREVIOUS_PUBLIC_KEYS: JSON.stringify([{ kty: 'OKP', crv: 'Ed25519', x: oldPublic.x }]) });
      const current = await after.issuerKey();
      expect(current.kid).not.toBe(oldPublic.kid);
      expect((await after.jwks()).keys.map((key) => key.kid)).toEqual([current.kid, oldPublic.kid]);
      const document = await after.didDocument();
      expect(document.assertionMethod).toEqual([current.multikey.id, oldMultikey, current.kid, oldPublic.kid]);
      expect(document.verificationMethod[1]).toEqual({ id: oldPublic.kid, type: 'JsonWebKey2020', controller: current.did, publicKeyJwk: oldPublic });

      await expect(verifyJwtWith(after, oldJwt)).resolves.toMatchObject({ payload: { iss: current.did } });
      expect(await verifyProofWith(after, oldProven)).toEqual({ verified: true, errors: [] });
      // New credentials are signed by the current key only.
      const newJwt = await credentialSignedBy(current);
      expect(JSON.parse(Buffer.from(newJwt.split('.')[0]!, 'base64url').toString()).kid).toBe(current.kid);
      await expect(verifyJwtWith(after, newJwt)).resolves.toBeDefined();
      // Without the previous key published, the old credential no longer verifies in either form: the test can fail.
      const forgetful = keyOf({ CREDENTIAL_SIGNING_KEY: newKey });
      await expect(verifyJwtWith(forgetful, oldJwt)).rejects.toThrow(/no key/);
      expect((await verifyProofWith(forgetful, oldProven)).verified).toBe(false);
    });

    it('publishes only the public half of a previous key, once, and refuses what is not an Ed25519 key', async () => {
      const old = JSON.parse(privateJwkOf());
      const current = privateJwkOf();
      const signingKey = keyOf({ CREDENTIAL_SIGNING_KEY: current, CREDENTIAL_PREVIOUS_PUBLIC_KEYS: JSON.stringify([old, old, JSON.parse(current)]) });
      const { keys } = await signingKey.jwks();
      expect(keys.map((key) => key.x)).toEqual([JSON.parse(current).x, old.x]);
      expect(JSON.stringify(await signingKey.didDocument())).not.toContain(old.d);
      for (const bad of ['not json', '{"kty":"OKP"}', '[{"kty":"EC","crv":"P-256","x":"abc"}]', '[{"kty":"OKP","crv":"Ed25519","x":"short"}]']) {
        expect(() => parseConfig({ PUBLIC_URL: 'http://localhost:3000', CREDENTIAL_PREVIOUS_PUBLIC_KEYS: bad })).toThrow(/CREDENTIAL_PREVIOUS_PUBLIC_KEYS/);
      }
    });
  });
});
