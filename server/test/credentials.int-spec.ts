import { createHash } from 'node:crypto';
import { gunzipSync } from 'node:zlib';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { verifyCredential } from 'did-jwt-vc';
import { type DIDDocument, type DIDResolutionResult, Resolver } from 'did-resolver';
import { Client } from 'pg';
import type { Certificate } from '../src/contracts/certificates';
import type { CredentialLink } from '../src/contracts/credentials';
import { toStoredEvent } from '../src/database/event-row';
import { IssueCredentialWhenCertificateIssuedHandler } from '../src/modules/credentials/reactions/issue-credential-when-certificate-issued.handler';
import { OutstandingCredentialsFinder } from '../src/modules/credentials/reconciliation/outstanding-credentials.finder';
import { BrowserLikeClient } from './support/browser-like-client';
import { startCampus } from './support/campus-harness';
import { importDemoPack } from './support/demo-content';
import { logInAsDemo } from './support/dev-idp-login';
import { rightAnswersOf } from './support/exam-answers';

const PROFILE = { lastName: '山田', firstName: '太郎', lastNameKana: 'ヤマダ', firstNameKana: 'タロウ', email: 'learner@example.com' };

const waitFor = async <T>(what: string, probe: () => Promise<T>, timeoutMs = 30_000): Promise<NonNullable<T>> => {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    const value = await probe();
    if (value) return value;
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
  throw new Error(`timed out waiting for ${what}`);
};

/**
 * did:web resolved as the method says (the DID's host, `%3A` back to `:`, then /.well-known/did.json),
 * over http because the test campus has no TLS: the verifier learns the key only from what the campus publishes.
 */
const didWebOverHttp = {
  web: async (did: string): Promise<DIDResolutionResult> => {
    const host = decodeURIComponent(did.slice('did:web:'.length));
    const response = await fetch(`http://${host}/.well-known/did.json`);
    return { didResolutionMetadata: { contentType: 'application/did+json' }, didDocument: (await response.json()) as DIDDocument, didDocumentMetadata: {} };
  },
};
const resolver = new Resolver(didWebOverHttp);
// did-jwt-vc's format check knows only the VC 1.1 context (`2018/credentials/v1`); this credential is VC 2.0
// with the OB 3.0 context, so that one check is off and the test asserts the shape itself. Signature,
// issuer DID resolution and the nbf/exp window are all did-jwt-vc's.
const VC2 = { policies: { format: false } } as const;

const base64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

describe('Open Badges credentials: issued for a certificate, published, verified by an independent library', () => {
  const mediaDir = mkdtempSync(path.join(tmpdir(), 'campus-media-'));
  const dataDir = mkdtempSync(path.join(tmpdir(), 'campus-data-'));
  let campus: Awaited<ReturnType<typeof startCampus>>;
  let database: Client;
  let learner: BrowserLikeClient;
  let other: BrowserLikeClient;
  let visitor: BrowserLikeClient;
  let admin: BrowserLikeClient;
  let certificate: Certificate;
  let link: CredentialLink;
  let jwt: string;

  /** What anyone without a session gets at a URL, with the headers they send. */
  const fetchPublic = async (url: string, headers: Record<string, string> = {}) => {
    const response = await fetch(new URL(url, campus.api.origin), { headers });
    return { status: response.status, type: response.headers.get('content-type') ?? '', text: await response.text(), headers: response.headers };
  };

  beforeAll(async () => {
    campus = await startCampus({ mediaDir, worker: true, env: { DATA_DIR: dataDir } });
    await importDemoPack(campus.database.url, mediaDir);
    database = new Client({ connectionString: campus.database.url });
    await database.connect();
    learner = await logInAsDemo(campus.api.origin, 'learner');
    expect((await learner.xhr('PUT', '/api/v1/me', PROFILE)).status).toBe(200);
    other = await logInAsDemo(campus.api.origin, 'learner-new');
    visitor = new BrowserLikeClient(campus.api.origin);
    admin = await logInAsDemo(campus.api.origin, 'admin');
  });
  afterAll(async () => {
    await database?.end();
    await campus?.stop();
    for (const folder of [mediaDir, `${mediaDir}-certificates`, dataDir]) rmSync(folder, { recursive: true, force: true });
  });

  it('signs the credential of the certificate a passed exam gives, with a key made on first start', async () => {
    const started = await learner.xhr('POST', '/api/v1/certification-courses/line-ads-basic/exam/start/');
    const { examSessionId } = started.json();
    expect((await learner.xhr('POST', `/api/v1/exam-sessions/${examSessionId}/submit`, { answers: await rightAnswersOf(database, examSessionId) })).status).toBe(200);
    certificate = await waitFor('the certificate', async () => (await learner.xhr('GET', '/api/v1/certificates/')).json().items[0]);
    link = await waitFor('the credential', async () => {
      const reply = await learner.xhr('GET', `/api/v1/certificates/${certificate.certificateId}/credential`);
      return reply.status === 200 ? (reply.json() as CredentialLink) : null;
    });
    expect(link).toEqual({
      credentialId: expect.stringMatching(/^[0-9a-f-]{36}$/),
      credentialUrl: `${campus.api.origin}/api/v1/credentials/${link.credentialId}`,
      jsonUrl: `${campus.api.origin}/api/v1/credentials/${link.credentialId}?format=json`,
      validFrom: certificate.issuedAt,
      validUntil: certificate.expiresAt,
      status: 'active',
      revokedAt: null,
      supersededBy: null,
    });
    expect(statSync(path.join(dataDir, 'credential-signing-key.json')).mode & 0o777).toBe(0o600);
    const { rows } = await database.query(`select stream_type, data->>'certificateId' as certificate_id from events where type = 'OpenBadgeCredentialIssued'`);
    expect(rows).toEqual([{ stream_type: 'credential', certificate_id: certificate.certificateId }]);
  });

  it('serves the VC-JWT at its public URL, which did-jwt-vc verifies against the campus’s did:web document', async () => {
    const reply = await fetchPublic(link.credentialUrl);
    expect(reply.status).toBe(200);
    expect(reply.type).toMatch(/^application\/vc\+jwt/);
    // Public, but no CORS grant (none anywhere on the campus): verifiers fetch from their servers.
    expect(reply.headers.get('access-control-allow-origin')).toBeNull();
    jwt = reply.text;

    const verified = await verifyCredential(jwt, resolver, VC2);
    const did = `did:web:${new URL(campus.api.origin).host.replace(':', '%3A')}`;
    expect(verified.issuer).toBe(did);
    expect(verified.verifiableCredential.type).toEqual(['VerifiableCredential', 'OpenBadgeCredential']);
    expect(verified.payload.vc['@context']).toEqual(['https://www.w3.org/ns/credentials/v2', 'https://purl.imsglobal.org/spec/ob/v3p0/context-3.0.3.json']);
    // The header's kid is a key of the DID document and of the JWKS.
    const { kid, alg } = JSON.parse(Buffer.from(jwt.split('.')[0]!, 'base64url').toString());
    expect(alg).toBe('EdDSA');
    expect(verified.didResolutionResult.didDocument!.verificationMethod!.map((method) => method.id)).toContain(kid);
    expect(JSON.parse((await fetchPublic('/.well-known/jwks.json')).text).keys.map((key: { kid: string }) => key.kid)).toEqual([kid]);
  });

  it('fails verification when the JWT is tampered with, or read after its validUntil', async () => {
    const [header, payload, signature] = jwt.split('.') as [string, string, string];
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString());
    claims.vc.credentialSubject.achievement.name = 'LINE広告 Advanced';
    await expect(verifyCredential(`${header}.${base64url(claims)}.${signature}`, resolver, VC2)).rejects.toThrow(/invalid_signature/);
    const flipped = `${signature.slice(0, 10)}${signature[10] === 'A' ? 'B' : 'A'}${signature.slice(11)}`;
    await expect(verifyCredential(`${header}.${payload}.${flipped}`, resolver, VC2)).rejects.toThrow(/invalid_signature/);
    const afterExpiry = Date.parse(certificate.expiresAt) / 1000 + 3600;
    await expect(verifyCredential(jwt, resolver, { policies: { format: false, now: afterExpiry } })).rejects.toThrow(/expired/);
  });

  it('answers the credential JSON for Accept: application/vc+ld+json or ?format=json, naming the learner only by a salted hash', async () => {
    const decoded = JSON.parse(Buffer.from(jwt.split('.')[1]!, 'base64url').toString()).vc;
    for (const reply of [await fetchPublic(link.jsonUrl), await fetchPublic(link.credentialUrl, { accept: 'application/vc+ld+json' })]) {
      expect(reply.status).toBe(200);
      expect(reply.type).toMatch(/^application\/vc\+ld\+json/);
      expect(JSON.parse(reply.text)).toEqual(decoded);
    }
    expect(decoded).toMatchObject({
      id: link.credentialUrl,
      issuer: { type: ['Profile'], name: expect.any(String), url: campus.api.origin },
      validFrom: certificate.issuedAt,
      validUntil: certificate.expiresAt,
      credentialSubject: {
        type: ['AchievementSubject'],
        achievement: { type: ['Achievement'], name: 'LINE広告 Basic', criteria: { narrative: expect.stringContaining('LINE広告 Basicの認定試験') } },
      },
    });
    const { rows } = await database.query('select coalesce(verified_email, email) as email from users u join certificates c on c.user_id = u.id where c.id = $1', [certificate.certificateId]);
    const [identity] = decoded.credentialSubject.identifier;
    expect(identity).toMatchObject({ type: 'IdentityObject', identityType: 'emailAddress', hashed: true });
    expect(identity.identityHash).toBe(`sha256$${createHash('sha256').update(rows[0].email.toLowerCase() + identity.salt).digest('hex')}`);
    // The public URL shows only what the credential shows: no address, no name, no account.
    const everything = JSON.stringify(decoded);
    for (const secret of [rows[0].email, '山田', certificate.certificateId, certificate.slug]) expect(everything).not.toContain(secret);
  });

  it('answers 404 in the envelope, never 500, for ids that are no credential, and 400 for an unknown format', async () => {
    for (const bad of ['not-a-uuid', '00000000-0000-4000-8000-000000000000', '%E8%AA%8D', "1'or'1'='1", 'a'.repeat(300), certificate.certificateId]) {
      for (const url of [`/api/v1/credentials/${bad}`, `/api/v1/credentials/${bad}?format=json`]) {
        const reply = await fetchPublic(url);
        expect([reply.status, JSON.parse(reply.text)]).toEqual([404, expect.objectContaining({ status: 404, code: 'NOT_FOUND', message: expect.any(String) })]);
      }
    }
    expect(JSON.parse((await fetchPublic(`${link.credentialUrl}?format=xml`)).text)).toMatchObject({ status: 400, code: 'VALIDATION_FAILED' });
  });

  it('gives the credential link to the holder, to anyone by the printed slug, and to no other learner through the learner API', async () => {
    expect((await other.xhr('GET', `/api/v1/certificates/${certificate.certificateId}/credential`)).json()).toMatchObject({ status: 404, code: 'NOT_FOUND' });
    expect((await other.xhr('GET', `/api/v1/certificates/not-a-uuid/credential`)).json()).toMatchObject({ status: 404, code: 'NOT_FOUND' });
    expect((await visitor.xhr('GET', `/api/v1/certificates/${certificate.certificateId}/credential`)).json()).toMatchObject({ status: 401, code: 'LOGIN_REQUIRED' });
    expect((await visitor.xhr('GET', `/api/v1/certificate-verifications/${certificate.slug}/credential`)).json()).toEqual(link);
    expect((await visitor.xhr('GET', `/api/v1/certificate-verifications/${certificate.slug.toLowerCase()}/credential`)).json()).toEqual(link);
    for (const bad of ['ZZZZZZZZZZ', certificate.certificateId, 'x']) {
      expect((await visitor.xhr('GET', `/api/v1/certificate-verifications/${bad}/credential`)).json()).toMatchObject({ status: 404, code: 'NOT_FOUND' });
    }
  });

  it('does nothing more when the job runs again, and the reconciler makes a missing credential again', async () => {
    const { rows } = await database.query(`select * from events where type = 'CertificateIssued' and stream_id = $1`, [certificate.certificateId]);
    const issued = toStoredEvent(rows[0]);
    const handler = campus.worker!.get(IssueCredentialWhenCertificateIssuedHandler);
    await Promise.all([handler.handle(issued), handler.handle(issued)]);
    const count = async () => (await database.query('select count(*)::int as n from open_badge_credentials')).rows[0].n;
    expect(await count()).toBe(1);

    // A credential whose job was lost (with Redis) is owed again; the reconciler enqueues what the finder names.
    await database.query('delete from open_badge_credentials');
    const finder = campus.worker!.get(OutstandingCredentialsFinder);
    const owed = await finder.findOutstanding(10);
    expect(owed.map(({ job, event }) => [job, event.id])).toEqual([['issue-credential-when-certificate-issued', issued.id]]);
    await handler.handle(owed[0]!.event);
    expect(await count()).toBe(1);
    expect(await finder.findOutstanding(10)).toEqual([]);
    // A new credential (new id, new signature): the tests below revoke that one.
    link = (await learner.xhr('GET', `/api/v1/certificates/${certificate.certificateId}/credential`)).json();
    jwt = (await fetchPublic(link.credentialUrl)).text;
  });

  describe('revocation', () => {
    const revocationUrl = () => `/api/v1/admin/credentials/${link.credentialId}/revocation`;
    const events = async (type: string) => (await database.query('select data, meta from events where type = $1 order by seq', [type])).rows;

    /**
     * What a verifier does with a credential's `credentialStatus`: fetch the status list credential it
     * names, verify that with did-jwt-vc as well, then read the bit (multibase u, base64url, gunzip, MSB first).
     */
    async function revokedBitOf(credentialJwt: string): Promise<number> {
      const { verifiableCredential } = await verifyCredential(credentialJwt, resolver, VC2);
      const status = verifiableCredential.credentialStatus as unknown as { type: string; statusPurpose: string; statusListIndex: string; statusListCredential: string };
      expect(status).toMatchObject({ type: 'BitstringStatusListEntry', statusPurpose: 'revocation' });
      const list = await fetchPublic(status.statusListCredential);
      expect(list.type).toMatch(/^application\/vc\+jwt/);
      const verifiedList = await verifyCredential(list.text, resolver, VC2);
      expect(verifiedList.issuer).toBe(verifiableCredential.issuer.id);
      const subject = verifiedList.verifiableCredential.credentialSubject as { type: string; statusPurpose: string; encodedList: string };
      expect(subject).toMatchObject({ type: 'BitstringStatusList', statusPurpose: 'revocation' });
      const bits = gunzipSync(Buffer.from(subject.encodedList.slice(1), 'base64url'));
      expect(bits.length * 8).toBeGreaterThanOrEqual(131_072);
      const index = Number(status.statusListIndex);
      return (bits[index >> 3]! >> (7 - (index & 7))) & 1;
    }

    it('is refused to learners and visitors, and checks its input', async () => {
      expect((await learner.xhr('PUT', revocationUrl(), { revoked: true, reason: '自分で' })).json()).toMatchObject({ status: 403, code: 'FORBIDDEN' });
      expect((await visitor.xhr('PUT', revocationUrl(), { revoked: true, reason: '外から' })).json()).toMatchObject({ status: 401, code: 'LOGIN_REQUIRED' });
      expect((await admin.xhr('PUT', revocationUrl(), { revoked: true, reason: '   ' })).json()).toMatchObject({ status: 400, code: 'VALIDATION_FAILED', field: 'reason' });
      for (const bad of ['not-a-uuid', '00000000-0000-4000-8000-000000000000']) {
        expect((await admin.xhr('PUT', `/api/v1/admin/credentials/${bad}/revocation`, { revoked: true, reason: '確認' })).json()).toMatchObject({ status: 404, code: 'NOT_FOUND' });
      }
      expect(await revokedBitOf(jwt)).toBe(0);
    });

    it('revokes once however often asked: the verifier sees the bit set, the links say revoked, the learner is told', async () => {
      const first = await admin.xhr('PUT', revocationUrl(), { revoked: true, reason: '不正受験が確認されたため' });
      expect(first.status).toBe(200);
      expect(first.json()).toEqual({ credentialId: link.credentialId, revoked: true, revokedAt: expect.any(String), reason: '不正受験が確認されたため' });
      expect((await admin.xhr('PUT', revocationUrl(), { revoked: true, reason: '二度目' })).json()).toEqual(first.json());
      expect(await events('OpenBadgeCredentialRevoked')).toHaveLength(1);

      expect(await revokedBitOf(jwt)).toBe(1);
      // The signature itself is still good: revocation is the status list's to say.
      await expect(verifyCredential(jwt, resolver, VC2)).resolves.toBeDefined();
      expect((await visitor.xhr('GET', `/api/v1/certificate-verifications/${certificate.slug}/credential`)).json()).toMatchObject({ status: 'revoked', revokedAt: first.json().revokedAt });
      expect((await learner.xhr('GET', `/api/v1/certificates/${certificate.certificateId}/credential`)).json()).toMatchObject({ status: 'revoked' });

      const note = await waitFor('the learner’s notice', async () => (await database.query(`select title, body, link from notifications where kind = 'credential-revoked'`)).rows[0]);
      expect(note).toEqual({ title: '「LINE広告 Basic」のデジタル認定証が取り消されました', body: expect.stringContaining('理由: 不正受験が確認されたため'), link: `/mypage/certificates/${certificate.slug}` });
      const history = (await admin.xhr('GET', '/api/v1/admin/events?type=OpenBadgeCredentialRevoked')).json();
      expect(history.items).toEqual([expect.objectContaining({ type: 'OpenBadgeCredentialRevoked', streamType: 'credential', streamId: link.credentialId, actorId: expect.any(String), data: expect.objectContaining({ reason: '不正受験が確認されたため' }) })]);
    });

    it('restores: the bit is clear again and the learner is told', async () => {
      expect((await admin.xhr('PUT', revocationUrl(), { revoked: false, reason: '確認の結果、問題はありませんでした' })).json()).toMatchObject({ revoked: false, revokedAt: null });
      expect(await revokedBitOf(jwt)).toBe(0);
      expect((await visitor.xhr('GET', `/api/v1/certificate-verifications/${certificate.slug}/credential`)).json()).toMatchObject({ status: 'active', revokedAt: null });
      await waitFor('the restoration notice', async () => (await database.query(`select 1 from notifications where kind = 'credential-restored'`)).rows.length === 1);
      const list = JSON.parse((await fetchPublic('/api/v1/credentials/status/1?format=json')).text);
      expect(list.type).toEqual(['VerifiableCredential', 'BitstringStatusListCredential']);
    });
  });
});
