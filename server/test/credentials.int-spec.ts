import { createHash } from 'node:crypto';
import { gunzipSync } from 'node:zlib';
import { mkdirSync, mkdtempSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { verifyJWT } from 'did-jwt';
import { type DIDDocument, type DIDResolutionResult, Resolver } from 'did-resolver';
import { Client } from 'pg';
import type { Certificate } from '../src/contracts/certificates';
import type { AdminCredentialPage, CredentialLink } from '../src/contracts/credentials';
import { unbakeCredential } from '../src/modules/credentials/badge/baked-badge';
import { toStoredEvent } from '../src/database/event-row';
import { IssueCredentialWhenCertificateIssuedHandler } from '../src/modules/credentials/reactions/issue-credential-when-certificate-issued.handler';
import { OutstandingCredentialsFinder } from '../src/modules/credentials/reconciliation/outstanding-credentials.finder';
import { BrowserLikeClient } from './support/browser-like-client';
import { startCampus } from './support/campus-harness';
import { importDemoPack } from './support/demo-content';
import { logInAsDemo } from './support/dev-idp-login';
import { rightAnswersOf } from './support/exam-answers';
import { credentialOfPayload } from './support/jwt-credential';
import { onePixelPng as artworkPng } from '../src/testing/one-pixel-png';
import { waitFor } from './support/wait-for';

const PROFILE = { lastName: '山田', firstName: '太郎', lastNameKana: 'ヤマダ', firstNameKana: 'タロウ', email: 'learner@example.com' };

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
// did-jwt checks the signature, resolves the issuer's DID and the nbf/exp window; the standards spec
// (credential-standards.int-spec.ts) runs the other verifiers over https.
const verifyJwt = (jwt: string, now?: number) => verifyJWT(jwt, { resolver, ...(now ? { policies: { now } } : {}) });

const base64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

describe('Open Badges credentials: issued for a certificate, published, verified by an independent library', () => {
  const mediaDir = mkdtempSync(path.join(tmpdir(), 'campus-media-'));
  const dataDir = mkdtempSync(path.join(tmpdir(), 'campus-data-'));
  // The built client as far as these tests need it: a page shell and the badge artwork of the course passed.
  const clientDist = mkdtempSync(path.join(tmpdir(), 'campus-client-'));
  mkdirSync(path.join(clientDist, 'badges'));
  writeFileSync(path.join(clientDist, 'index.html'), '<!doctype html><html lang="ja"><head><title>キャンパス</title></head><body><div id="root"></div></body></html>');
  writeFileSync(path.join(clientDist, 'badges', 'line-ads-basic.png'), artworkPng());
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
    campus = await startCampus({ mediaDir, worker: true, env: { DATA_DIR: dataDir, CLIENT_DIST_DIR: clientDist } });
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
    for (const folder of [mediaDir, `${mediaDir}-certificates`, dataDir, clientDist]) rmSync(folder, { recursive: true, force: true });
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
      badgeUrl: `${campus.api.origin}/api/v1/credentials/${link.credentialId}/badge.png`,
      validFrom: certificate.issuedAt,
      validUntil: certificate.expiresAt,
      status: 'active',
      revokedAt: null,
      revocation: null,
      supersededBy: null,
    });
    expect(statSync(path.join(dataDir, 'credential-signing-key.json')).mode & 0o777).toBe(0o600);
    const { rows } = await database.query(`select stream_type, data->>'certificateId' as certificate_id from events where type = 'OpenBadgeCredentialIssued'`);
    expect(rows).toEqual([{ stream_type: 'credential', certificate_id: certificate.certificateId }]);
  });

  it('serves the JWT at its public URL, which did-jwt verifies against the campus’s did:web document', async () => {
    const reply = await fetchPublic(link.credentialUrl);
    expect(reply.status).toBe(200);
    expect(reply.type).toMatch(/^application\/vc\+jwt/);
    // Public to every origin, without credentials (verifiers in a browser read it too).
    expect(reply.headers.get('access-control-allow-origin')).toBe('*');
    jwt = reply.text;

    const verified = await verifyJwt(jwt);
    const did = `did:web:${new URL(campus.api.origin).host.replace(':', '%3A')}`;
    expect(verified.issuer).toBe(did);
    expect(verified.payload.type).toEqual(['VerifiableCredential', 'OpenBadgeCredential']);
    expect(verified.payload['@context']).toEqual(['https://www.w3.org/ns/credentials/v2', 'https://purl.imsglobal.org/spec/ob/v3p0/context-3.0.3.json']);
    // The header's kid is a key of the DID document and of the JWKS.
    const { kid, alg } = JSON.parse(Buffer.from(jwt.split('.')[0]!, 'base64url').toString());
    expect(alg).toBe('EdDSA');
    expect(verified.didResolutionResult.didDocument!.verificationMethod!.map((method) => method.id)).toContain(kid);
    expect(JSON.parse((await fetchPublic('/.well-known/jwks.json')).text).keys.map((key: { kid: string }) => key.kid)).toEqual([kid]);
  });

  it('fails verification when the JWT is tampered with, or read after its validUntil', async () => {
    const [header, payload, signature] = jwt.split('.') as [string, string, string];
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString());
    claims.credentialSubject.achievement.name = 'LINE広告 Advanced';
    await expect(verifyJwt(`${header}.${base64url(claims)}.${signature}`)).rejects.toThrow(/invalid_signature/);
    const flipped = `${signature.slice(0, 10)}${signature[10] === 'A' ? 'B' : 'A'}${signature.slice(11)}`;
    await expect(verifyJwt(`${header}.${payload}.${flipped}`)).rejects.toThrow(/invalid_signature/);
    const afterExpiry = Date.parse(certificate.expiresAt) / 1000 + 3600;
    await expect(verifyJwt(jwt, afterExpiry)).rejects.toThrow(/expired/);
  });

  it('answers the same credential with its Data Integrity proof for Accept: application/vc+ld+json or ?format=json, naming the learner only by a salted hash', async () => {
    const decoded = credentialOfPayload(JSON.parse(Buffer.from(jwt.split('.')[1]!, 'base64url').toString()));
    for (const reply of [await fetchPublic(link.jsonUrl), await fetchPublic(link.credentialUrl, { accept: 'application/vc+ld+json' })]) {
      expect(reply.status).toBe(200);
      expect(reply.type).toMatch(/^application\/vc\+ld\+json/);
      const { proof, ...credential } = JSON.parse(reply.text);
      expect(credential).toEqual(decoded);
      expect(proof).toMatchObject({ type: 'DataIntegrityProof', cryptosuite: 'eddsa-rdfc-2022' });
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
     * names, verify that with did-jwt as well, then read the bit (multibase u, base64url, gunzip, MSB first).
     */
    async function revokedBitOf(credentialJwt: string): Promise<number> {
      const verifiableCredential = credentialOfPayload((await verifyJwt(credentialJwt)).payload);
      const status = verifiableCredential.credentialStatus as unknown as { type: string; statusPurpose: string; statusListIndex: string; statusListCredential: string };
      expect(status).toMatchObject({ type: 'BitstringStatusListEntry', statusPurpose: 'revocation' });
      const list = await fetchPublic(status.statusListCredential);
      expect(list.type).toMatch(/^application\/vc\+jwt/);
      const verifiedList = await verifyJwt(list.text);
      expect(verifiedList.issuer).toBe(verifiableCredential.issuer.id);
      const subject = verifiedList.payload.credentialSubject as { type: string; statusPurpose: string; encodedList: string };
      expect(subject).toMatchObject({ type: 'BitstringStatusList', statusPurpose: 'revocation' });
      const bits = gunzipSync(Buffer.from(subject.encodedList.slice(1), 'base64url'));
      expect(bits.length * 8).toBeGreaterThanOrEqual(131_072);
      const index = Number(status.statusListIndex);
      return (bits[index >> 3]! >> (7 - (index & 7))) & 1;
    }

    it('is refused to learners and visitors, and checks its input', async () => {
      expect((await learner.xhr('PUT', revocationUrl(), { revoked: true, reason: '自分で' })).json()).toMatchObject({ status: 403, code: 'FORBIDDEN' });
      expect((await visitor.xhr('PUT', revocationUrl(), { revoked: true, reason: '外から' })).json()).toMatchObject({ status: 401, code: 'LOGIN_REQUIRED' });
      expect((await admin.xhr('PUT', revocationUrl(), { revoked: true, category: 'misconduct', reason: '   ' })).json()).toMatchObject({ status: 400, code: 'VALIDATION_FAILED', field: 'reason' });
      // Verifiers are told the category: revoking without one is refused, naming it; so is one not in the list.
      expect((await admin.xhr('PUT', revocationUrl(), { revoked: true, reason: '確認' })).json()).toMatchObject({ status: 400, code: 'VALIDATION_FAILED', field: 'category' });
      expect((await admin.xhr('PUT', revocationUrl(), { revoked: true, category: 'fraud', reason: '確認' })).json()).toMatchObject({ status: 400, code: 'VALIDATION_FAILED', field: 'category' });
      for (const bad of ['not-a-uuid', '00000000-0000-4000-8000-000000000000']) {
        expect((await admin.xhr('PUT', `/api/v1/admin/credentials/${bad}/revocation`, { revoked: true, category: 'other', reason: '確認' })).json()).toMatchObject({ status: 404, code: 'NOT_FOUND' });
      }
      expect(await revokedBitOf(jwt)).toBe(0);
    });

    it('revokes once however often asked: the verifier sees the bit set, the links say revoked, the learner is told', async () => {
      const first = await admin.xhr('PUT', revocationUrl(), { revoked: true, category: 'misconduct', reason: '不正受験が確認されたため' });
      expect(first.status).toBe(200);
      expect(first.json()).toEqual({ credentialId: link.credentialId, revoked: true, revokedAt: expect.any(String), category: 'misconduct', reason: '不正受験が確認されたため' });
      expect((await admin.xhr('PUT', revocationUrl(), { revoked: true, category: 'other', reason: '二度目' })).json()).toEqual(first.json());
      expect(await events('OpenBadgeCredentialRevoked')).toHaveLength(1);

      expect(await revokedBitOf(jwt)).toBe(1);
      // The signature itself is still good: revocation is the status list's to say.
      await expect(verifyJwt(jwt)).resolves.toBeDefined();
      const revocation = { revokedAt: first.json().revokedAt, category: 'misconduct' };
      expect((await visitor.xhr('GET', `/api/v1/certificate-verifications/${certificate.slug}/credential`)).json()).toMatchObject({ status: 'revoked', revokedAt: revocation.revokedAt, revocation });
      expect((await learner.xhr('GET', `/api/v1/certificates/${certificate.certificateId}/credential`)).json()).toMatchObject({ status: 'revoked' });
      // One truth, in each answer at once: the verification, the holder's certificate, and its PDF (refused).
      expect((await visitor.xhr('GET', `/api/v1/certificate-verifications/${certificate.slug}`)).json()).toMatchObject({ status: 'revoked', revocation });
      expect((await learner.xhr('GET', `/api/v1/certificates/${certificate.certificateId}`)).json()).toMatchObject({ status: 'revoked', revocation });
      const pdf = await learner.request(`/api/v1/certificates/${certificate.certificateId}/pdf`);
      expect([pdf.status, pdf.json()]).toEqual([410, expect.objectContaining({ status: 410, code: 'CERTIFICATE_REVOKED', message: expect.stringContaining('取り消されている') })]);

      const note = await waitFor('the learner’s notice', async () => (await database.query(`select title, body, link from notifications where kind = 'credential-revoked'`)).rows[0]);
      expect(note).toEqual({ title: '「LINE広告 Basic」のデジタル認定証が取り消されました', body: expect.stringContaining('理由: 不正受験が確認されたため'), link: `/mypage/certificates/${certificate.slug}` });
      const history = (await admin.xhr('GET', '/api/v1/admin/events?type=OpenBadgeCredentialRevoked')).json();
      expect(history.items).toEqual([expect.objectContaining({ type: 'OpenBadgeCredentialRevoked', streamType: 'credential', streamId: link.credentialId, actorId: expect.any(String), data: expect.objectContaining({ reason: '不正受験が確認されたため' }) })]);
    });

    it('restores: the bit is clear again and the learner is told', async () => {
      expect((await admin.xhr('PUT', revocationUrl(), { revoked: false, reason: '確認の結果、問題はありませんでした' })).json()).toMatchObject({ revoked: false, revokedAt: null });
      // Restoring what is not revoked changes nothing, as revoking twice does.
      expect((await admin.xhr('PUT', revocationUrl(), { revoked: false, reason: 'もう一度' })).json()).toMatchObject({ revoked: false, revokedAt: null, reason: '確認の結果、問題はありませんでした' });
      expect(await events('OpenBadgeCredentialRestored')).toHaveLength(1);
      expect(await revokedBitOf(jwt)).toBe(0);
      expect((await visitor.xhr('GET', `/api/v1/certificate-verifications/${certificate.slug}/credential`)).json()).toMatchObject({ status: 'active', revokedAt: null, revocation: null });
      expect((await visitor.xhr('GET', `/api/v1/certificate-verifications/${certificate.slug}`)).json()).toMatchObject({ status: 'available', revocation: null });
      expect((await learner.request(`/api/v1/certificates/${certificate.certificateId}/pdf`)).status).toBe(200);
      await waitFor('the restoration notice', async () => (await database.query(`select 1 from notifications where kind = 'credential-restored'`)).rows.length === 1);
      const list = JSON.parse((await fetchPublic('/api/v1/credentials/status/1?format=json')).text);
      expect(list.type).toEqual(['VerifiableCredential', 'BitstringStatusListCredential']);
    });
  });

  describe('the badge image, the share card and the admin view', () => {
    it('serves the badge artwork with the credential baked in, which the independent verifier accepts', async () => {
      const response = await fetch(link.badgeUrl);
      expect([response.status, response.headers.get('content-type')]).toEqual([200, 'image/png']);
      const png = Buffer.from(await response.arrayBuffer());
      const baked = unbakeCredential(png);
      expect(baked).toBe(jwt);
      expect((await verifyJwt(baked!)).payload.id).toBe(link.credentialUrl);

      for (const bad of ['not-a-uuid', '00000000-0000-4000-8000-000000000000', "1'or'1'='1"]) {
        const reply = await fetchPublic(`/api/v1/credentials/${bad}/badge.png`);
        expect([reply.status, JSON.parse(reply.text)]).toEqual([404, expect.objectContaining({ status: 404, code: 'NOT_FOUND', message: expect.any(String) })]);
      }
      // No artwork for the course (not drawn yet): no image, rather than one made up.
      const artwork = path.join(clientDist, 'badges', 'line-ads-basic.png');
      renameSync(artwork, `${artwork}.away`);
      try {
        expect(JSON.parse((await fetchPublic(link.badgeUrl)).text)).toMatchObject({ status: 404, code: 'NOT_FOUND' });
      } finally {
        renameSync(`${artwork}.away`, artwork);
      }
    });

    it('gives the verification page a share card of its own: the badge image, its name and level, not the holder', async () => {
      const page = await fetchPublic(`/certificates/verify/${certificate.slug}`);
      expect([page.status, page.type]).toEqual([200, 'text/html; charset=utf-8']);
      expect(page.text).toContain(`<meta property="og:image" content="${campus.api.origin}/badges/line-ads-basic.png" />`);
      expect(page.text).toContain('<meta property="og:image:width" content="512" />');
      expect(page.text).toContain('<meta property="og:title" content="LINE広告 Basic 認定バッジ - マーケティング学習キャンパス" />');
      expect(page.text).toMatch(/<meta property="og:description" content="[^"]*レベル: Basic[^"]*" \/>/);
      expect(page.text).not.toContain('山田');
      // An unknown number keeps the preset card (the page itself says it was not found).
      const unknown = await fetchPublic('/certificates/verify/ZZZZZZZZZZ');
      expect(unknown.text).toContain('/share/common.png');
    });

    it('lets an admin find credentials by e-mail, name or certificate number, page by page', async () => {
      const search = async (query: string) => (await admin.xhr('GET', `/api/v1/admin/credentials${query}`)).json() as AdminCredentialPage;
      const everything = await search('');
      expect(everything).toEqual({
        items: [
          {
            credentialId: link.credentialId,
            certificateSlug: certificate.slug,
            learnerName: '山田 太郎',
            learnerEmail: 'learner@example.com',
            courseSlug: 'line-ads-basic',
            courseLabel: 'LINE広告 Basic',
            validFrom: link.validFrom,
            validUntil: link.validUntil,
            status: 'active',
            revokedAt: null,
            revocationCategory: null,
            reason: '確認の結果、問題はありませんでした',
            jsonUrl: link.jsonUrl,
          },
        ],
        total: 1,
        limit: 20,
        offset: 0,
      });
      const spacedSlug = `${certificate.slug.slice(0, 4)}-${certificate.slug.slice(4)}`.toLowerCase();
      for (const query of ['LEARNER@example', '山田太郎', '山田 太郎', '太郎', spacedSlug]) {
        expect((await search(`?q=${encodeURIComponent(query)}`)).total).toBe(1);
      }
      for (const query of ['nobody@example.com', '%', '_', certificate.slug.slice(0, 5)]) {
        expect((await search(`?q=${encodeURIComponent(query)}`)).items).toEqual([]);
      }
      expect(await search('?limit=1&offset=1')).toEqual({ items: [], total: 1, limit: 1, offset: 1 });

      expect((await admin.xhr('GET', '/api/v1/admin/credentials?limit=0')).json()).toMatchObject({ status: 400, code: 'VALIDATION_FAILED', field: 'limit' });
      expect((await admin.xhr('GET', '/api/v1/admin/credentials?offset=-1')).json()).toMatchObject({ status: 400, code: 'VALIDATION_FAILED', field: 'offset' });
      expect((await admin.xhr('GET', `/api/v1/admin/credentials?q=${'あ'.repeat(201)}`)).json()).toMatchObject({ status: 400, code: 'VALIDATION_FAILED', field: 'q' });
      expect((await learner.xhr('GET', '/api/v1/admin/credentials')).json()).toMatchObject({ status: 403, code: 'FORBIDDEN' });
      expect((await visitor.xhr('GET', '/api/v1/admin/credentials')).json()).toMatchObject({ status: 401, code: 'LOGIN_REQUIRED' });

      // What the console shows after a revocation, and the JSON it downloads is the public credential.
      await admin.xhr('PUT', `/api/v1/admin/credentials/${link.credentialId}/revocation`, { revoked: true, category: 'holder-request', reason: '再確認のため' });
      expect((await search('?q=learner')).items[0]).toMatchObject({ status: 'revoked', revokedAt: expect.any(String), revocationCategory: 'holder-request', reason: '再確認のため' });
      expect(JSON.parse((await fetchPublic(everything.items[0]!.jsonUrl)).text)).toMatchObject({ id: link.credentialUrl, type: ['VerifiableCredential', 'OpenBadgeCredential'] });
    });
  });
});
