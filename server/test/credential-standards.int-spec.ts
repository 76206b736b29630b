import { generateKeyPairSync } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DataIntegrityProof } from '@digitalbazaar/data-integrity';
import { cryptosuite as eddsaRdfc2022 } from '@digitalbazaar/eddsa-rdfc-2022-cryptosuite';
import * as Ed25519Multikey from '@digitalbazaar/ed25519-multikey';
import * as vc from '@digitalbazaar/vc';
import { checkStatus } from '@digitalbazaar/vc-bitstring-status-list';
import { securityLoader } from '@digitalcredentials/security-document-loader';
import { verifyCredential as verifierCoreVerify } from '@digitalcredentials/verifier-core';
import Ajv2019 from 'ajv/dist/2019';
import addFormats from 'ajv-formats';
import { verifyJWT } from 'did-jwt';
import { verifyCredential as didJwtVcVerify } from 'did-jwt-vc';
import { type DIDDocument, type DIDResolutionResult, Resolver } from 'did-resolver';
import { createRemoteJWKSet, decodeProtectedHeader, importJWK, type JWK, jwtVerify, SignJWT, UnsecuredJWT } from 'jose';
import type { Certificate } from '../src/contracts/certificates';
import type { CredentialLink } from '../src/contracts/credentials';
import { BrowserLikeClient } from './support/browser-like-client';
import { startCampus } from './support/campus-harness';
import { importDemoPack } from './support/demo-content';
import { logInAsDemo } from './support/dev-idp-login';
import { rightAnswersOf } from './support/exam-answers';
import { credentialOfPayload } from './support/jwt-credential';
import { startTlsFront, tlsPort } from './support/tls-front';
import { waitFor } from './support/wait-for';

/**
 * The campus's credentials checked by other people's implementations only, the way relying parties meet
 * them: the campus behind TLS (did:web resolves over https and nowhere else), the Digital Credentials
 * Consortium's verifier (the Learner Credential Wallet's), Digital Bazaar's VC and Bitstring Status List
 * libraries, jose and did-jwt, and 1EdTech's JSON schema with ajv. Nothing here calls the campus's own
 * signing or verifying code.
 */

const PROFILE = { lastName: '検証', firstName: '一郎', lastNameKana: 'ケンショウ', firstNameKana: 'イチロウ', email: 'verifier-test@example.com' };
const SCHEMA_FILE = path.join(__dirname, 'fixtures/open-badges/ob_v3p0_achievementcredential_schema.json');

/** DCC's document loader: packaged contexts, did:web over https, the status list fetched by URL. */
const dccLoader = securityLoader({ fetchRemoteContexts: true }).build();

/** did:web as did-jwt and did-jwt-vc resolve it: https://<host>/.well-known/did.json. */
const didWeb = new Resolver({
  web: async (did: string): Promise<DIDResolutionResult> => {
    const response = await fetch(`https://${decodeURIComponent(did.slice('did:web:'.length))}/.well-known/did.json`);
    return { didResolutionMetadata: { contentType: 'application/did+json' }, didDocument: (await response.json()) as DIDDocument, didDocumentMetadata: {} };
  },
});

type Credential = Record<string, unknown> & { proof: Record<string, unknown>; validUntil: string };

/** Digital Bazaar's verifier with its status-list check, list verification on. */
async function digitalBazaarVerifies(credential: object, now = new Date()) {
  const suite = new DataIntegrityProof({ cryptosuite: eddsaRdfc2022 });
  return vc.verifyCredential({
    credential,
    suite,
    documentLoader: dccLoader,
    now,
    checkStatus: (options: { credential: object }) => checkStatus({ ...options, suite, documentLoader: dccLoader, verifyBitstringStatusListCredential: true, verifyMatchingIssuers: true }),
  } as Parameters<typeof vc.verifyCredential>[0]);
}

/** What the Learner Credential Wallet's verifier says, step by step (its `log`), or its fatal errors. */
async function verifierCoreSays(credential: object): Promise<Record<string, boolean | string>> {
  const result = (await verifierCoreVerify({ credential: credential as Parameters<typeof verifierCoreVerify>[0]['credential'], knownDIDRegistries: [] })) as unknown as { log?: Array<{ id: string; valid?: boolean }>; errors?: Array<{ name: string }> };
  if (result.errors?.length) return { fatal: result.errors.map((error) => error.name).join(',') };
  return Object.fromEntries((result.log ?? []).map((step) => [step.id, step.valid ?? false]));
}

describe('credentials checked by independent verifiers and wallets’ libraries', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'campus-data-'));
  const mediaDir = mkdtempSync(path.join(tmpdir(), 'campus-media-'));
  const clientDist = mkdtempSync(path.join(tmpdir(), 'campus-client-'));
  mkdirSync(path.join(clientDist, 'badges'));
  writeFileSync(path.join(clientDist, 'index.html'), '<!doctype html><html lang="ja"><head><title>キャンパス</title></head><body><div id="root"></div></body></html>');
  const origin = `https://localhost:${tlsPort()}`;
  let campus: Awaited<ReturnType<typeof startCampus>>;
  let front: Awaited<ReturnType<typeof startTlsFront>>;
  let admin: BrowserLikeClient;
  let link: CredentialLink;
  let slug: string;
  let proven: Credential;
  let jwt: string;

  const fetchPublic = async (url: string, headers: Record<string, string> = {}) => {
    const response = await fetch(new URL(url, origin), { headers });
    return { status: response.status, headers: response.headers, text: await response.text() };
  };
  const revoke = async (revoked: boolean) => {
    const reply = await admin.xhr('PUT', `/api/v1/admin/credentials/${link.credentialId}/revocation`, revoked ? { revoked, category: 'misconduct', reason: '試験中の不正が確認されたため' } : { revoked, reason: '再調査の結果、問題はありませんでした' });
    expect(reply.status).toBe(200);
  };

  beforeAll(async () => {
    campus = await startCampus({
      mediaDir,
      worker: true,
      env: { DATA_DIR: dataDir, CLIENT_DIST_DIR: clientDist, PUBLIC_URL: origin, CREDENTIAL_ISSUER_EMAIL: 'credentials@campus.example.jp', LINKEDIN_ORGANIZATION_ID: '1337' },
    });
    // The TLS front's certificate is made for this run; while it runs, this process's fetch trusts it.
    front = await startTlsFront(tlsPort(), new URL(`http://127.0.0.1:${campus.api.config.port}`));
    await importDemoPack(campus.database.url, mediaDir);
    const learner = await logInAsDemo(origin, 'learner');
    expect((await learner.xhr('PUT', '/api/v1/me', PROFILE)).status).toBe(200);
    admin = await logInAsDemo(origin, 'admin');
    const { examSessionId } = (await learner.xhr('POST', '/api/v1/certification-courses/line-ads-basic/exam/start/')).json();
    const { Client } = await import('pg');
    const database = new Client({ connectionString: campus.database.url });
    await database.connect();
    const answers = await rightAnswersOf(database, examSessionId);
    await database.end();
    expect((await learner.xhr('POST', `/api/v1/exam-sessions/${examSessionId}/submit`, { answers })).status).toBe(200);
    const certificate: Certificate = await waitFor('the certificate', async () => (await learner.xhr('GET', '/api/v1/certificates/')).json().items[0]);
    expect(certificate.linkedInOrganizationId).toBe('1337');
    slug = certificate.slug;
    link = await waitFor('the credential', async () => {
      const reply = await learner.xhr('GET', `/api/v1/certificates/${certificate.certificateId}/credential`);
      return reply.status === 200 ? (reply.json() as CredentialLink) : null;
    });
    proven = JSON.parse((await fetchPublic(link.jsonUrl)).text);
    jwt = (await fetchPublic(link.credentialUrl)).text;
  });
  afterAll(async () => {
    await front?.close();
    await campus?.stop();
    for (const folder of [dataDir, mediaDir, `${mediaDir}-certificates`, clientDist]) rmSync(folder, { recursive: true, force: true });
  });

  describe('the JSON-LD form (Data Integrity, eddsa-rdfc-2022)', () => {
    it('is what the download and Accept: application/vc+ld+json give, with a proof by a Multikey of the did:web document', async () => {
      const byAccept = await fetchPublic(link.credentialUrl, { accept: 'application/vc+ld+json' });
      expect(byAccept.headers.get('content-type')).toMatch(/^application\/vc\+ld\+json/);
      expect(JSON.parse(byAccept.text)).toEqual(proven);
      expect(proven.proof).toMatchObject({ type: 'DataIntegrityProof', cryptosuite: 'eddsa-rdfc-2022', proofPurpose: 'assertionMethod', proofValue: expect.stringMatching(/^z/) });
      const did = (proven.issuer as { id: string }).id;
      expect(did).toBe(`did:web:localhost%3A${tlsPort()}`);
      const document = JSON.parse((await fetchPublic('/.well-known/did.json')).text);
      const method = document.verificationMethod.find((candidate: { id: string }) => candidate.id === proven.proof.verificationMethod);
      expect(method).toMatchObject({ type: 'Multikey', controller: did, publicKeyMultibase: expect.stringMatching(/^z6Mk/) });
      expect(document.assertionMethod).toContain(method.id);
    });

    it('passes the Learner Credential Wallet’s verifier (@digitalcredentials/verifier-core): valid, then revoked, then valid again', async () => {
      expect(await verifierCoreSays(proven)).toMatchObject({ valid_signature: true, revocation_status: true, expiration: true });
      await revoke(true);
      expect(await verifierCoreSays(proven)).toMatchObject({ valid_signature: true, revocation_status: false });
      await revoke(false);
      expect(await verifierCoreSays(proven)).toMatchObject({ valid_signature: true, revocation_status: true });
    });

    it('passes @digitalbazaar/vc with the Bitstring Status List checked (the list credential verified too)', async () => {
      /** The credential's proof verified, and its status bit as the verified list says it (true: revoked). */
      const revokedBit = async () => {
        const result = (await digitalBazaarVerifies(proven)) as { verified: boolean; error?: unknown; statusResult?: { verified: boolean; results?: Array<{ status: boolean }> } };
        expect([result.verified, result.error, result.statusResult?.verified]).toEqual([true, undefined, true]);
        return result.statusResult?.results?.[0]?.status;
      };
      expect(await revokedBit()).toBe(false);
      await revoke(true);
      expect(await revokedBit()).toBe(true);
      await revoke(false);
      expect(await revokedBit()).toBe(false);
    });

    it('is refused when tampered with, after its validUntil, or proven by a key the campus does not publish', async () => {
      const tampered = structuredClone(proven);
      (tampered.credentialSubject as { achievement: { name: string } }).achievement.name = 'LINE広告 Advanced';
      expect(await verifierCoreSays(tampered)).toMatchObject({ fatal: 'invalid_signature' });
      expect((await digitalBazaarVerifies(tampered)).verified).toBe(false);

      const afterExpiry = new Date(Date.parse(proven.validUntil) + 3_600_000);
      const expired = await digitalBazaarVerifies(proven, afterExpiry);
      expect(expired.verified).toBe(false);
      expect(JSON.stringify(expired.error?.errors?.map((error) => error.message) ?? expired.error?.message)).toMatch(/validUntil|expired/i);

      // Signed by a stranger's key under the campus's verification method id.
      const stranger = await Ed25519Multikey.fromJwk({ jwk: generateKeyPairSync('ed25519').privateKey.export({ format: 'jwk' }), secretKey: true });
      stranger.id = proven.proof.verificationMethod as string;
      stranger.controller = (proven.issuer as { id: string }).id;
      const { proof: _proof, ...unsigned } = proven;
      const forged: object = await vc.issue({ credential: unsigned, suite: new DataIntegrityProof({ signer: stranger.signer(), cryptosuite: eddsaRdfc2022 }), documentLoader: dccLoader });
      expect(await verifierCoreSays(forged)).toMatchObject({ fatal: 'invalid_signature' });
      expect((await digitalBazaarVerifies(forged)).verified).toBe(false);
    });

    it('matches 1EdTech’s Open Badges 3.0 AchievementCredential JSON schema (ajv), with the metadata wallets show', async () => {
      const ajv = new Ajv2019({ strict: false, allErrors: true });
      addFormats(ajv);
      const validate = ajv.compile(JSON.parse(readFileSync(SCHEMA_FILE, 'utf8')));
      expect([validate(proven), validate.errors]).toEqual([true, null]);
      const fromJwt = credentialOfPayload(JSON.parse(Buffer.from(jwt.split('.')[1]!, 'base64url').toString()));
      expect([validate(fromJwt), validate.errors]).toEqual([true, null]);
      expect(proven).toMatchObject({
        name: 'LINE広告 Basic 認定バッジ',
        description: expect.stringContaining('認定試験に合格したことを証明する'),
        credentialSchema: [{ id: 'https://purl.imsglobal.org/spec/ob/v3p0/schema/json/ob_v3p0_achievementcredential_schema.json', type: 'JsonSchema' }],
        issuer: { type: ['Profile'], url: origin, email: 'credentials@campus.example.jp', image: { id: `${origin}/icons/icon-512.png`, type: 'Image' } },
        credentialSubject: {
          id: expect.stringMatching(/^urn:uuid:/),
          achievement: { image: { id: `${origin}/badges/line-ads-basic.png`, type: 'Image' }, resultDescription: [{ resultType: 'Percent', requiredValue: expect.any(String) }] },
          result: [{ type: ['Result'], value: '100' }],
        },
        evidence: [{ type: ['Evidence'], name: 'LINE広告 Basic 認定試験' }],
      });
      // A broken credential fails the same schema: the check can fail.
      const { issuer: _issuer, ...withoutIssuer } = proven;
      expect(validate(withoutIssuer)).toBe(false);
    });
  });

  describe('the status list', () => {
    it('is a signed BitstringStatusListCredential in both forms, cacheable with an ETag, and open to every origin', async () => {
      const ld = await fetchPublic('/api/v1/credentials/status/1', { accept: 'application/ld+json' });
      expect(ld.headers.get('content-type')).toMatch(/^application\/vc\+ld\+json/);
      const list = JSON.parse(ld.text);
      expect(list.type).toEqual(['VerifiableCredential', 'BitstringStatusListCredential']);
      const checked = await vc.verifyCredential({ credential: list, suite: new DataIntegrityProof({ cryptosuite: eddsaRdfc2022 }), documentLoader: dccLoader });
      expect(checked.verified).toBe(true);
      const jwtForm = await fetchPublic('/api/v1/credentials/status/1', { accept: 'application/vc+jwt' });
      expect(decodeProtectedHeader(jwtForm.text)).toMatchObject({ alg: 'EdDSA', typ: 'vc+jwt' });
      await expect(verifyJWT(jwtForm.text, { resolver: didWeb })).resolves.toMatchObject({ issuer: list.issuer });

      const etag = ld.headers.get('etag');
      expect(etag).toMatch(/^"[\w-]+-ld"$/);
      expect(ld.headers.get('cache-control')).toBe('public, max-age=60');
      expect((await fetchPublic('/api/v1/credentials/status/1', { accept: 'application/ld+json', 'if-none-match': etag! })).status).toBe(304);
      expect(jwtForm.headers.get('etag')).not.toBe(etag);
      // A revocation changes the list, so the old tag no longer matches.
      await revoke(true);
      expect((await fetchPublic('/api/v1/credentials/status/1', { accept: 'application/ld+json', 'if-none-match': etag! })).status).toBe(200);
      await revoke(false);
    });
  });

  describe('the JWT form (VC-JOSE-COSE)', () => {
    it('verifies with jose, by the did:web document and by the JWKS, with sub, iss, jti and the validity window', async () => {
      const header = decodeProtectedHeader(jwt);
      expect(header).toEqual({ alg: 'EdDSA', typ: 'vc+jwt', cty: 'vc', kid: expect.stringMatching(/^did:web:localhost%3A\d+#[\w-]{43}$/) });
      const document = JSON.parse((await fetchPublic('/.well-known/did.json')).text);
      const method = document.verificationMethod.find((candidate: { id: string }) => candidate.id === header.kid);
      const { payload } = await jwtVerify(jwt, await importJWK(method.publicKeyJwk as JWK, 'EdDSA'), { issuer: document.id, typ: 'vc+jwt' });
      expect(payload).toMatchObject({ sub: (proven.credentialSubject as { id: string }).id, jti: link.credentialUrl, nbf: Math.floor(Date.parse(link.validFrom) / 1000), exp: Math.floor(Date.parse(link.validUntil) / 1000) });
      const { proof: _proof, ...credential } = proven;
      expect(payload).toMatchObject(credential);
      await expect(jwtVerify(jwt, createRemoteJWKSet(new URL('/.well-known/jwks.json', origin)), { issuer: document.id })).resolves.toBeDefined();
    });

    it('verifies with did-jwt through did:web; did-jwt-vc’s default policies refuse it only for the VC 1.1 shape they expect', async () => {
      await expect(verifyJWT(jwt, { resolver: didWeb })).resolves.toMatchObject({ issuer: (proven.issuer as { id: string }).id, signer: { type: 'JsonWebKey2020' } });
      // did-jwt-vc implements VC 1.1's JWT encoding (a `vc` claim, the 2018 context): a VC 2.0 credential
      // secured per VC-JOSE-COSE is the payload itself, so its format policy refuses the shape, not the signature.
      await expect(didJwtVcVerify(jwt, didWeb)).rejects.toThrow(/vc|format|context/i);
    });

    it('is refused when tampered with, unsigned (alg: none), signed by another key, or read after its validUntil', async () => {
      const document = JSON.parse((await fetchPublic('/.well-known/did.json')).text);
      const kid = decodeProtectedHeader(jwt).kid;
      const key = await importJWK(document.verificationMethod.find((candidate: { id: string }) => candidate.id === kid).publicKeyJwk as JWK, 'EdDSA');
      const [head, body, signature] = jwt.split('.') as [string, string, string];
      const claims = JSON.parse(Buffer.from(body, 'base64url').toString());
      claims.credentialSubject.achievement.name = 'LINE広告 Advanced';
      const tampered = `${head}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.${signature}`;
      await expect(jwtVerify(tampered, key)).rejects.toThrow(/signature/i);
      await expect(verifyJWT(tampered, { resolver: didWeb })).rejects.toThrow(/invalid_signature/);

      const unsigned = new UnsecuredJWT(claims).setIssuer(document.id).encode();
      await expect(jwtVerify(unsigned, key)).rejects.toThrow();
      await expect(verifyJWT(unsigned, { resolver: didWeb })).rejects.toThrow();

      const stranger = generateKeyPairSync('ed25519').privateKey;
      const forged = await new SignJWT(claims).setProtectedHeader({ alg: 'EdDSA', typ: 'vc+jwt', kid }).sign(stranger);
      await expect(jwtVerify(forged, key)).rejects.toThrow(/signature/i);
      await expect(verifyJWT(forged, { resolver: didWeb })).rejects.toThrow(/invalid_signature/);

      await expect(jwtVerify(jwt, key, { currentDate: new Date(Date.parse(link.validUntil) + 3_600_000) })).rejects.toThrow(/exp/);
    });
  });

  describe('open to verifiers, closed to everything else', () => {
    it('grants every origin the public proofs, without credentials, and no other route', async () => {
      const open = ['/.well-known/did.json', '/.well-known/jwks.json', link.credentialUrl, link.badgeUrl, '/api/v1/credentials/status/1', `/api/v1/certificate-verifications/${slug}`, `/api/v1/certificate-verifications/${slug}/credential`];
      for (const url of open) {
        const reply = await fetchPublic(url, { origin: 'https://verifier.example' });
        expect([url, reply.headers.get('access-control-allow-origin'), reply.headers.get('cross-origin-resource-policy'), reply.headers.get('access-control-allow-credentials')]).toEqual([url, '*', 'cross-origin', null]);
      }
      const preflight = await fetch(new URL(link.credentialUrl), { method: 'OPTIONS', headers: { origin: 'https://verifier.example', 'access-control-request-method': 'GET', 'access-control-request-headers': 'cache-control' } });
      expect([preflight.status, preflight.headers.get('access-control-allow-origin'), preflight.headers.get('access-control-allow-methods')]).toEqual([204, '*', 'GET, HEAD']);
      for (const url of ['/api/v1/me', '/api/v1/certificates/', '/api/v1/now', '/api/v1/admin/credentials', '/']) {
        const reply = await fetchPublic(url, { origin: 'https://verifier.example' });
        expect([url, reply.headers.get('access-control-allow-origin')]).toEqual([url, null]);
      }
    });
  });
});
