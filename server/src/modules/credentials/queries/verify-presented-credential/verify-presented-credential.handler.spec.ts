import { generateKeyPairSync, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import * as Ed25519Multikey from '@digitalbazaar/ed25519-multikey';
import { eq } from 'drizzle-orm';
import { SignJWT, importJWK } from 'jose';
import { parseConfig } from '../../../../config/config';
import { events } from '../../../../database/events.schema';
import { aCertificationCourseRow } from '../../../../testing/catalogue-rows';
import { openPgliteStore } from '../../../../testing/pglite-store';
import { courses } from '../../../catalogue/catalogue.schema';
import { certificates } from '../../../certificates/certificates.schema';
import { CertificateIssued } from '../../../certificates/events';
import { users } from '../../../identity/identity.schema';
import { bakeCredential } from '../../badge/baked-badge';
import { openBadgeCredentials } from '../../credentials.schema';
import { IssueCredentialWhenCertificateIssuedHandler } from '../../reactions/issue-credential-when-certificate-issued.handler';
import { encodeStatusList } from '../../status-list/bitstring-status-list';
import { CredentialSigningKey, type IssuerKey } from '../../signing/credential-signing-key';
import { signWithDataIntegrity } from '../../signing/data-integrity-proof';
import { didKeyDocumentOf, didWebUrlOf } from './issuer-did-resolver';
import { FetchRefusedError, PublicHttpsFetcher } from './public-https-fetcher';
import { VerifyPresentedCredentialHandler } from './verify-presented-credential.handler';
import { VerifyPresentedCredentialQuery } from './verify-presented-credential.query';
import { blockOutboundNetwork } from '../../../../testing/block-outbound-network';
import { onePixelPng as artworkPng } from '../../../../testing/one-pixel-png';

const LEARNER = randomUUID();
const meta = () => ({ actorId: null, requestId: randomUUID(), correlationId: randomUUID(), causationId: null });
const TAMPERED = /署名が内容と一致しません/;

/** Another issuer: an Ed25519 key of its own, named by did:key or by a did:web whose document the fake fetcher serves. */
async function anotherIssuer(kind: 'key' | 'web') {
  const privateJwk = generateKeyPairSync('ed25519').privateKey.export({ format: 'jwk' });
  const multikey = await Ed25519Multikey.fromJwk({ jwk: privateJwk, secretKey: true });
  const did = kind === 'key' ? `did:key:${multikey.publicKeyMultibase}` : 'did:web:badges.example.org';
  const methodId = `${did}#${kind === 'key' ? multikey.publicKeyMultibase : 'key-1'}`;
  multikey.id = methodId;
  multikey.controller = did;
  const didDocument =
    kind === 'key'
      ? (didKeyDocumentOf(did) as { document: object }).document
      : {
          '@context': ['https://www.w3.org/ns/did/v1', 'https://w3id.org/security/multikey/v1'],
          id: did,
          verificationMethod: [{ id: methodId, type: 'Multikey', controller: did, publicKeyMultibase: multikey.publicKeyMultibase }],
          assertionMethod: [methodId],
        };
  const key = { did, multikey, didDocument } as unknown as IssuerKey;
  const privateKey = await importJWK({ ...privateJwk, alg: 'EdDSA' } as never, 'EdDSA');
  const credential = (overrides: Record<string, unknown> = {}) => ({
    '@context': ['https://www.w3.org/ns/credentials/v2', 'https://purl.imsglobal.org/spec/ob/v3p0/context-3.0.3.json'],
    id: 'urn:uuid:2b7a4c8e-1f3d-4a5b-9c6d-7e8f9a0b1c2d',
    type: ['VerifiableCredential', 'OpenBadgeCredential'],
    issuer: { id: did, type: ['Profile'], name: 'Example Badges', url: 'https://badges.example.org' },
    validFrom: '2025-01-01T00:00:00Z',
    credentialSubject: {
      type: ['AchievementSubject'],
      identifier: [{ type: 'IdentityObject', identityHash: '佐藤 花子', identityType: 'name', hashed: false }],
      achievement: { id: 'https://badges.example.org/achievements/1', type: ['Achievement'], name: 'Example Skill', criteria: { narrative: '試験に合格すること。' } },
    },
    ...overrides,
  });
  return {
    did,
    methodId,
    didDocument,
    credential,
    signDataIntegrity: (unsigned: object) => signWithDataIntegrity(unsigned, key, new Date('2025-01-01T00:00:00Z')),
    signJwt: (unsigned: Record<string, unknown>) => new SignJWT(unsigned).setProtectedHeader({ alg: 'EdDSA', typ: 'vc+jwt', kid: methodId }).setIssuer(did).sign(privateKey),
  };
}

const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

describe('VerifyPresentedCredentialHandler (PGlite)', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'campus-verifier-'));
  const config = parseConfig({ PUBLIC_URL: 'https://campus.example.jp', DATA_DIR: dataDir });
  const signingKey = new CredentialSigningKey(config);
  const course = aCertificationCourseRow('line-ads-basic', 1, { title: 'LINE広告 Basic' });
  const fetcher = { get: jest.fn() };
  let store: Awaited<ReturnType<typeof openPgliteStore>>;
  let handler: VerifyPresentedCredentialHandler;
  let ours: { id: string; jwt: string; dataIntegrity: Record<string, unknown> };

  const verify = (input: { credential?: string; png?: string }) => handler.execute(new VerifyPresentedCredentialQuery(input));
  const verifyText = (value: unknown) => verify({ credential: typeof value === 'string' ? value : JSON.stringify(value) });

  beforeAll(async () => {
    store = await openPgliteStore();
    handler = new VerifyPresentedCredentialHandler(store.connection, config, signingKey, fetcher as unknown as PublicHttpsFetcher);
    await store.db.insert(courses).values(course);
    await store.db.insert(users).values({ id: LEARNER, subject: 'learner', email: 'learner@example.com' });
    const certificateId = randomUUID();
    const issuedAt = new Date(Date.now() - 60_000).toISOString();
    const expiresAt = new Date(Date.now() + 365 * 86_400_000).toISOString();
    const [issued] = await store.eventStore.commit(meta(), async ({ tx, append }) => {
      await tx.insert(certificates).values({ id: certificateId, slug: 'K7QF2M9A00', userId: LEARNER, courseId: course.id!, examSessionId: null, holderName: '山田 太郎', issuedAt: new Date(issuedAt), expiresAt: new Date(expiresAt), pdfPath: 'x.pdf' });
      return append({ streamType: 'certificate', streamId: certificateId, expectedVersion: 0 }, [
        new CertificateIssued({ certificateId, slug: 'K7QF2M9A00', userId: LEARNER, courseId: course.id!, courseSlug: 'line-ads-basic', examSessionId: null, issuedAt, expiresAt }),
      ]);
    });
    await new IssueCredentialWhenCertificateIssuedHandler(store.connection, store.eventStore, signingKey, config).handle(issued!);
    const [row] = await store.db.select({ id: openBadgeCredentials.id, jwt: openBadgeCredentials.jwt, dataIntegrity: openBadgeCredentials.dataIntegrity }).from(openBadgeCredentials);
    ours = row as typeof ours;
    expect(await store.db.select({ type: events.type }).from(events).where(eq(events.streamId, ours.id))).toEqual([{ type: 'OpenBadgeCredentialIssued' }]);
  }, 60_000);
  afterAll(async () => {
    await store.connection.close();
    rmSync(dataDir, { recursive: true, force: true });
  });
  beforeEach(() => {
    fetcher.get.mockReset();
    fetcher.get.mockRejectedValue(new FetchRefusedError('テストでは取得しません'));
  });

  describe('the campus’s own credentials: checked without any network', () => {
    it.each([
      ['its JSON-LD form', 'data-integrity', () => ({ credential: JSON.stringify(ours.dataIntegrity) })],
      ['its JWT', 'jwt', () => ({ credential: ours.jwt })],
      ['its baked badge image', 'jwt', () => ({ png: bakeCredential(artworkPng(), ours.jwt).toString('base64') })],
    ])('verifies %s, saying who issued it and that it holds no name', async (_form, format, input) => {
      const network = blockOutboundNetwork();
      let answer;
      try {
        answer = await verify(input());
      } finally {
        network.restore();
      }
      expect(network.attempts).toEqual([]);
      expect(fetcher.get).not.toHaveBeenCalled();
      expect(answer).toMatchObject({
        signature: 'valid',
        reasons: [],
        issuer: { id: 'did:web:campus.example.jp', name: 'マーケティング学習キャンパス', url: 'https://campus.example.jp', isThisCampus: true },
        subject: { name: null },
        achievementName: 'LINE広告 Basic',
        status: 'valid',
        statusNote: null,
        format,
        credential: { id: `https://campus.example.jp/api/v1/credentials/${ours.id}` },
      });
      expect(answer.validUntil).toBe(new Date(String(ours.dataIntegrity.validUntil)).toISOString());
    });

    it('finds a changed word in the JSON-LD form or the JWT: invalid, with the reason in Japanese, the status not vouched for', async () => {
      const changed = structuredClone(ours.dataIntegrity) as { credentialSubject: { achievement: { name: string } } };
      changed.credentialSubject.achievement.name = 'LINE広告 Expert';
      const json = await verifyText(changed);
      expect(json).toMatchObject({ signature: 'invalid', status: 'unknown', achievementName: 'LINE広告 Expert', format: 'data-integrity' });
      expect(json.reasons).toEqual([expect.stringMatching(TAMPERED)]);

      const [header, payload, signature] = ours.jwt.split('.');
      const forged = { ...JSON.parse(Buffer.from(payload!, 'base64url').toString()), validUntil: '2099-01-01T00:00:00.000Z' };
      const jwt = await verifyText(`${header}.${b64(forged)}.${signature}`);
      expect(jwt).toMatchObject({ signature: 'invalid', status: 'unknown', format: 'jwt' });
      expect(jwt.reasons).toEqual([expect.stringMatching(TAMPERED)]);
    });

    it('says why other changes fail: a proof of another cryptosuite, a key that is not the issuer’s, an unknown context', async () => {
      const proof = ours.dataIntegrity.proof as Record<string, unknown>;
      const otherSuite = await verifyText({ ...ours.dataIntegrity, proof: { ...proof, cryptosuite: 'ecdsa-rdfc-2019' } });
      expect(otherSuite).toMatchObject({ signature: 'invalid', reasons: [expect.stringContaining('対応していない証明方式です（DataIntegrityProof / ecdsa-rdfc-2019）')] });
      const notIssuers = await verifyText({ ...ours.dataIntegrity, proof: { ...proof, verificationMethod: `did:key:${String(proof.verificationMethod).split('#')[1]}#x` } });
      expect(notIssuers).toMatchObject({ signature: 'invalid', reasons: ['証明（proof）の鍵が発行者のものではありません'] });
      const context = ['https://www.w3.org/ns/credentials/v2', 'https://example.org/unknown-context.json'];
      const unknownContext = await verifyText({ ...ours.dataIntegrity, '@context': context });
      expect(unknownContext).toMatchObject({ signature: 'invalid', reasons: [expect.stringContaining('読み込めないJSON-LDコンテキストを参照しています（https://example.org/unknown-context.json）')] });
    });

    it('tells a revoked credential from the campus’s record, with when and why, and a renewed one as superseded', async () => {
      const revokedAt = new Date('2026-05-01T00:00:00.000Z');
      const supersededAt = new Date('2026-04-01T00:00:00.000Z');
      await store.db.update(openBadgeCredentials).set({ revokedAt, revocationCategory: 'misconduct', revocationReason: '不正', supersededAt }).where(eq(openBadgeCredentials.id, ours.id));
      try {
        expect(await verify({ credential: ours.jwt })).toMatchObject({
          signature: 'valid',
          status: 'revoked',
          revokedAt: revokedAt.toISOString(),
          revocationCategory: 'misconduct',
          supersededAt: supersededAt.toISOString(),
        });
      } finally {
        await store.db.update(openBadgeCredentials).set({ revokedAt: null, revocationCategory: null, revocationReason: null, supersededAt: null }).where(eq(openBadgeCredentials.id, ours.id));
      }
    });

    it('says "unknown" for a credential signed by the campus key that its record does not hold', async () => {
      const credential = { ...ours.dataIntegrity, id: 'https://campus.example.jp/api/v1/credentials/00000000-0000-4000-8000-000000000000' };
      delete (credential as { proof?: unknown }).proof;
      const signed = await signWithDataIntegrity(credential, await signingKey.issuerKey(), new Date());
      expect(await verifyText(signed)).toMatchObject({ signature: 'valid', status: 'unknown', statusNote: expect.stringContaining('発行記録') });
    });
  });

  describe('input that is no credential: a 400 (or 413) naming the field, in Japanese', () => {
    const header = b64({ alg: 'EdDSA', typ: 'vc+jwt' });
    const payload = b64({ '@context': ['https://www.w3.org/ns/credentials/v2'], type: ['VerifiableCredential'], iss: 'did:key:z6Mk' });
    it.each([
      ['empty', { credential: '   ' }, 'credential', /貼り付ける/],
      ['not JSON', { credential: 'こんにちは' }, 'credential', /JSONでもJWTでもありません/],
      ['cut-off JSON', { credential: '{"@context": [' }, 'credential', /JSONとして読めませんでした/],
      ['JSON that is no credential', { credential: '{"hello": "world"}' }, 'credential', /@context がありません/],
      ['a credential without a proof', { credential: JSON.stringify({ '@context': ['https://www.w3.org/ns/credentials/v2'], issuer: 'did:key:z6Mk' }) }, 'credential', /proof/],
      ['a JWT with alg none', { credential: `${b64({ alg: 'none' })}.${payload}.` }, 'credential', /alg: none/],
      ['a JWT with alg ES256', { credential: `${b64({ alg: 'ES256' })}.${payload}.c2ln` }, 'credential', /対応していない署名方式です（alg: ES256）/],
      ['a JWT whose payload is no credential', { credential: `${header}.${b64({ sub: 'x' })}.c2ln` }, 'credential', /Verifiable Credential/],
      ['a PNG without a credential', { png: artworkPng().toString('base64') }, 'png', /焼き込まれていません/],
      ['a file that is no PNG', { png: Buffer.from('GIF89a').toString('base64') }, 'png', /PNG画像として読めませんでした/],
    ])('%s', async (_case, input, field, message) => {
      await expect(verify(input)).rejects.toMatchObject({ code: 'VALIDATION_FAILED', status: 400, field, message: expect.stringMatching(message) });
    });

    it('refuses more than 1 MB with 413', async () => {
      await expect(verify({ png: Buffer.alloc(1024 * 1024 + 1).toString('base64') })).rejects.toMatchObject({ code: 'PAYLOAD_TOO_LARGE', status: 413, field: 'png', message: 'ファイルが大きすぎます（1MBまで）' });
      await expect(verify({ credential: 'a'.repeat(1024 * 1024 + 1) })).rejects.toMatchObject({ code: 'PAYLOAD_TOO_LARGE', field: 'credential' });
    });
  });

  describe('another issuer’s Open Badges 3.0 credentials', () => {
    it('verifies a did:key issuer’s credential in both forms without fetching, with the name it carries', async () => {
      const issuer = await anotherIssuer('key');
      const unsigned = issuer.credential();
      for (const input of [await issuer.signDataIntegrity(unsigned), await issuer.signJwt(unsigned)]) {
        const answer = await verifyText(input);
        expect(answer).toMatchObject({
          signature: 'valid',
          reasons: [],
          issuer: { id: issuer.did, name: 'Example Badges', url: 'https://badges.example.org', isThisCampus: false },
          subject: { name: '佐藤 花子' },
          achievementName: 'Example Skill',
          validFrom: '2025-01-01T00:00:00.000Z',
          validUntil: null,
          // No credentialStatus: nothing can revoke it.
          status: 'valid',
        });
      }
      expect(fetcher.get).not.toHaveBeenCalled();
    });

    it('keeps an expired credential’s signature valid and says it expired; a future one is not yet valid', async () => {
      const issuer = await anotherIssuer('key');
      const expired = await issuer.signDataIntegrity(issuer.credential({ validFrom: '2020-01-01T00:00:00Z', validUntil: '2021-01-01T00:00:00Z' }));
      expect(await verifyText(expired)).toMatchObject({ signature: 'valid', status: 'expired', validUntil: '2021-01-01T00:00:00.000Z' });
      const future = await issuer.signJwt(issuer.credential({ validFrom: '2099-01-01T00:00:00Z' }));
      expect(await verifyText(future)).toMatchObject({ signature: 'valid', status: 'not-yet-valid' });
    });

    it('finds a did:key credential signed by another key invalid', async () => {
      const [signer, claimed] = [await anotherIssuer('key'), await anotherIssuer('key')];
      const signed = await signer.signDataIntegrity(signer.credential());
      const relabelled = { ...signed, issuer: { ...(signed.issuer as object), id: claimed.did }, proof: { ...signed.proof, verificationMethod: claimed.methodId } };
      const answer = await verifyText(relabelled);
      expect(answer.signature).toBe('invalid');
      expect(answer.reasons.join()).toMatch(TAMPERED);
    });

    it('says which DID method it does not support (did:example), as an answer', async () => {
      const issuer = await anotherIssuer('key');
      const signed = await issuer.signDataIntegrity(issuer.credential());
      const answer = await verifyText({ ...signed, issuer: 'did:example:123', proof: { ...signed.proof, verificationMethod: 'did:example:123#key-1' } });
      expect(answer).toMatchObject({ signature: 'invalid', status: 'unknown', issuer: { id: 'did:example:123', isThisCampus: false } });
      expect(answer.reasons).toEqual([expect.stringContaining('対応していないDIDメソッドです（did:example）')]);
      expect(fetcher.get).not.toHaveBeenCalled();
    });

    it('reads a did:web issuer’s document and its signed status list through the guarded fetcher: revoked when its bit is set', async () => {
      const issuer = await anotherIssuer('web');
      const listUrl = 'https://badges.example.org/status/1';
      const list = (revoked: number[]) =>
        issuer.signDataIntegrity({
          '@context': ['https://www.w3.org/ns/credentials/v2'],
          id: listUrl,
          type: ['VerifiableCredential', 'BitstringStatusListCredential'],
          issuer: issuer.did,
          validFrom: '2025-01-01T00:00:00Z',
          credentialSubject: { id: `${listUrl}#list`, type: 'BitstringStatusList', statusPurpose: 'revocation', encodedList: encodeStatusList(revoked) },
        });
      const credential = await issuer.signJwt(
        issuer.credential({ credentialStatus: { id: `${listUrl}#42`, type: 'BitstringStatusListEntry', statusPurpose: 'revocation', statusListIndex: '42', statusListCredential: listUrl } }),
      );
      let served = await list([42]);
      fetcher.get.mockImplementation(async (url: string) => {
        if (url === 'https://badges.example.org/.well-known/did.json') return { body: Buffer.from(JSON.stringify(issuer.didDocument)), contentType: 'application/json' };
        if (url === listUrl) return { body: Buffer.from(JSON.stringify(served)), contentType: 'application/vc+ld+json' };
        throw new FetchRefusedError('HTTP 404 が返されました');
      });
      expect(await verifyText(credential)).toMatchObject({ signature: 'valid', status: 'revoked', issuer: { id: 'did:web:badges.example.org', isThisCampus: false } });
      served = await list([41]);
      expect(await verifyText(credential)).toMatchObject({ signature: 'valid', status: 'valid', statusNote: null });
      // A list that fails its own signature tells nothing.
      served = { ...(await list([])), issuer: 'did:web:badges.example.org', validFrom: '2025-02-01T00:00:00Z' };
      expect(await verifyText(credential)).toMatchObject({ signature: 'valid', status: 'unknown', statusNote: expect.stringContaining('取り消し状況の署名を確認できませんでした') });
      // One that cannot be fetched neither: 「確認できませんでした」, never "valid".
      fetcher.get.mockImplementation(async (url: string) => {
        if (url === 'https://badges.example.org/.well-known/did.json') return { body: Buffer.from(JSON.stringify(issuer.didDocument)), contentType: 'application/json' };
        throw new FetchRefusedError('5秒以内に応答がありませんでした');
      });
      expect(await verifyText(credential)).toMatchObject({ signature: 'valid', status: 'unknown', statusNote: expect.stringContaining('5秒以内に応答がありませんでした') });
    });

    it('answers invalid, saying why, when a did:web document cannot be fetched', async () => {
      const issuer = await anotherIssuer('web');
      const answer = await verifyText(await issuer.signDataIntegrity(issuer.credential()));
      expect(answer).toMatchObject({ signature: 'invalid', status: 'unknown' });
      expect(answer.reasons).toEqual([expect.stringContaining('発行者のDID文書（https://badges.example.org/.well-known/did.json）を取得できませんでした：テストでは取得しません')]);
    });
  });
});

describe('did:web addresses', () => {
  it.each([
    ['did:web:example.com', 'https://example.com/.well-known/did.json'],
    ['did:web:localhost%3A8443', 'https://localhost:8443/.well-known/did.json'],
    ['did:web:example.com:issuers:42', 'https://example.com/issuers/42/did.json'],
    ['did:web:', null],
    ['did:web:example.com::x', null],
    ['did:web:evil.com%2F..%2Fx', null],
    ['did:web:user%40example.com', null],
  ])('%s → %s', (did, url) => {
    expect(didWebUrlOf(did)).toBe(url);
  });
});

describe('PublicHttpsFetcher', () => {
  const fetcher = new PublicHttpsFetcher();
  it.each([
    ['http://example.com/did.json', 'https 以外'],
    ['https://127.0.0.1/did.json', '公開されていないアドレス'],
    ['https://[::1]/did.json', '公開されていないアドレス'],
    ['https://10.1.2.3/did.json', '公開されていないアドレス'],
    ['https://169.254.169.254/latest/meta-data', '公開されていないアドレス'],
    ['https://user:pass@example.com/', '認証情報'],
    // A name that resolves to loopback is refused at the lookup, before any connection.
    ['https://localhost/did.json', '公開されていないアドレス'],
  ])('refuses %s', async (url, reason) => {
    await expect(fetcher.get(url, 'application/json')).rejects.toMatchObject({ reason: expect.stringContaining(reason) });
  });
});
