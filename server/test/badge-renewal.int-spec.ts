import { gunzipSync } from 'node:zlib';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { verifyCredential } from 'did-jwt-vc';
import { type DIDDocument, type DIDResolutionResult, Resolver } from 'did-resolver';
import { Client } from 'pg';
import type { Certificate } from '../src/contracts/certificates';
import type { CredentialLink } from '../src/contracts/credentials';
import { badgeExpiresAt } from '../src/modules/certification/domain/badge-validity';
import { BrowserLikeClient } from './support/browser-like-client';
import { startCampus } from './support/campus-harness';
import { importDemoPack } from './support/demo-content';
import { logInAsDemo } from './support/dev-idp-login';
import { rightAnswersOf, wrongAnswersOf } from './support/exam-answers';
import { waitFor } from './support/wait-for';

const PROFILE = { lastName: '山田', firstName: '太郎', lastNameKana: 'ヤマダ', firstNameKana: 'タロウ', email: 'learner@example.com' };
const COURSE = 'line-ads-basic';
const DAY = 86_400_000;

/** did:web over http (the test campus has no TLS): the verifier learns the keys only from what the campus publishes. */
const resolver = new Resolver({
  web: async (did: string): Promise<DIDResolutionResult> => {
    const host = decodeURIComponent(did.slice('did:web:'.length));
    const response = await fetch(`http://${host}/.well-known/did.json`);
    return { didResolutionMetadata: { contentType: 'application/did+json' }, didDocument: (await response.json()) as DIDDocument, didDocumentMetadata: {} };
  },
});
const VC2 = { policies: { format: false } } as const;

/**
 * 更新受験: a held badge is taken again only from 30 days before it expires; a pass carries the badge line on
 * (new expiry, new certificate, new credential, the old one superseded and not revoked), a fail changes nothing.
 *
 * The badge comes from a real pass; only its expiry is moved into the renewal window by SQL (the campus has
 * no clock to move, and badges last months), as the reminder's own spec does.
 */
describe('badge renewal (更新受験)', () => {
  const mediaDir = mkdtempSync(path.join(tmpdir(), 'campus-media-'));
  const dataDir = mkdtempSync(path.join(tmpdir(), 'campus-data-'));
  let campus: Awaited<ReturnType<typeof startCampus>>;
  let database: Client;
  let learner: BrowserLikeClient;
  let admin: BrowserLikeClient;
  let first: { certificate: Certificate; link: CredentialLink; jwt: string };

  const coursePage = async () => (await learner.xhr('GET', `/api/v1/certification-courses/${COURSE}`)).json();
  const badgeRow = async () =>
    (
      await database.query(
        // The certificate of the badge's current award: certificates keeps it at the award time.
        `select b.awarded_at, b.expires_at,
                (select ci.id from certificates ci where ci.user_id = b.user_id and ci.course_id = b.course_id and ci.issued_at = b.awarded_at) as certificate_id
           from badges b join courses c on c.id = b.course_id where c.slug = $1`,
        [COURSE],
      )
    ).rows[0];
  const count = async (table: string) => (await database.query(`select count(*)::int as n from ${table}`)).rows[0].n as number;
  const fetchPublic = async (url: string) => {
    const response = await fetch(new URL(url, campus.api.origin));
    return { status: response.status, text: await response.text() };
  };

  /** Starts the course's exam and submits it; resolves when it is graded. */
  async function takeExam(answersOf: typeof rightAnswersOf): Promise<string> {
    const started = await learner.xhr('POST', `/api/v1/certification-courses/${COURSE}/exam/start/`);
    expect(started.status).toBe(200);
    const { examSessionId } = started.json();
    expect((await learner.xhr('POST', `/api/v1/exam-sessions/${examSessionId}/submit`, { answers: await answersOf(database, examSessionId) })).status).toBe(200);
    await waitFor('the grade', async () => (await database.query(`select 1 from exam_sessions where id = $1 and status = 'graded'`, [examSessionId])).rowCount === 1);
    return examSessionId;
  }

  /** The credential of a certificate once signed, and its VC-JWT. */
  async function credentialOf(certificate: Certificate) {
    const link = await waitFor('the credential', async () => {
      const reply = await learner.xhr('GET', `/api/v1/certificates/${certificate.certificateId}/credential`);
      return reply.status === 200 ? (reply.json() as CredentialLink) : null;
    });
    return { link, jwt: (await fetchPublic(link.credentialUrl)).text };
  }

  /** What a verifier reads of a credential's revocation bit in the published status list. */
  async function revokedBitOf(jwt: string): Promise<number> {
    const { verifiableCredential } = await verifyCredential(jwt, resolver, VC2);
    const status = verifiableCredential.credentialStatus as unknown as { statusListIndex: string; statusListCredential: string };
    const list = await verifyCredential((await fetchPublic(status.statusListCredential)).text, resolver, VC2);
    const bits = gunzipSync(Buffer.from((list.verifiableCredential.credentialSubject as { encodedList: string }).encodedList.slice(1), 'base64url'));
    const index = Number(status.statusListIndex);
    return (bits[index >> 3]! >> (7 - (index & 7))) & 1;
  }

  beforeAll(async () => {
    campus = await startCampus({ mediaDir, worker: true, env: { DATA_DIR: dataDir } });
    await importDemoPack(campus.database.url, mediaDir);
    database = new Client({ connectionString: campus.database.url });
    await database.connect();
    learner = await logInAsDemo(campus.api.origin, 'learner');
    expect((await learner.xhr('PUT', '/api/v1/me', PROFILE)).status).toBe(200);
    admin = await logInAsDemo(campus.api.origin, 'admin');
  });
  afterAll(async () => {
    await database?.end();
    await campus?.stop();
    for (const folder of [mediaDir, `${mediaDir}-certificates`, dataDir]) rmSync(folder, { recursive: true, force: true });
  });

  it('offers the first exam, then, with the badge held and valid, no exam until 30 days before it expires', async () => {
    expect(await coursePage()).toMatchObject({ examOffer: 'take', renewalOpensAt: null, badgeStatus: 'unavailable' });
    await takeExam(rightAnswersOf);
    const certificate = await waitFor('the certificate', async () => (await learner.xhr('GET', '/api/v1/certificates/')).json().items[0] as Certificate | undefined);
    first = { certificate, ...(await credentialOf(certificate)) };

    const badge = await badgeRow();
    expect(await coursePage()).toMatchObject({
      badgeStatus: 'available',
      examOffer: 'held',
      renewalOpensAt: new Date(badge.expires_at.getTime() - 30 * DAY).toISOString(),
    });
    const refused = await learner.xhr('POST', `/api/v1/certification-courses/${COURSE}/exam/start/`);
    expect([refused.status, refused.json()]).toEqual([400, { status: 400, code: 'BADGE_HELD', message: expect.stringMatching(/^このスキルバッジは取得済みです（有効期限：.+）。更新受験は .+ から可能です。$/) }]);
    expect(await count('exam_sessions')).toBe(1);
  });

  it('offers 更新受験 within the window; a pass extends the same badge from its old expiry, with a new certificate and credential', async () => {
    // Into the window: the badge now expires in 10 days.
    await database.query(`update badges set expires_at = now() + interval '10 days'`);
    const held = await badgeRow();
    expect(await coursePage()).toMatchObject({ badgeStatus: 'available', examOffer: 'renew' });

    const sessionId = await takeExam(rightAnswersOf);
    const renewed = await waitFor('the renewed badge', async () => {
      const row = await badgeRow();
      return row.certificate_id && row.certificate_id !== first.certificate.certificateId ? row : null;
    });
    // The one validity rule, counted from the old expiry: renewing 10 days early loses nothing.
    expect(renewed.expires_at.toISOString()).toBe(badgeExpiresAt(held.expires_at, 12).toISOString());
    const awarded = (await database.query(`select data from events where type = 'BadgeAwarded' and stream_id = $1`, [sessionId])).rows[0].data;
    expect(awarded).toMatchObject({ expiresAt: renewed.expires_at.toISOString(), renewedExpiresAt: held.expires_at.toISOString() });
    expect(await coursePage()).toMatchObject({ examOffer: 'held', badgeExpiresAt: renewed.expires_at.toISOString() });

    // Both certificates stay in the learner's list, the newer first.
    const { items } = (await learner.xhr('GET', '/api/v1/certificates/')).json() as { items: Certificate[] };
    expect(items.map((item) => item.certificateId)).toEqual([renewed.certificate_id, first.certificate.certificateId]);
    const latest = { certificate: items[0]!, ...(await credentialOf(items[0]!)) };
    expect(latest.link).toMatchObject({ status: 'active', supersededBy: null, validUntil: renewed.expires_at.toISOString() });
    await expect(verifyCredential(latest.jwt, resolver, VC2)).resolves.toBeDefined();
  });

  it('marks the old credential superseded by the new one, still verifiable and not revoked in the status list', async () => {
    const latest = (await learner.xhr('GET', '/api/v1/certificates/')).json().items[0] as Certificate;
    const latestLink = (await learner.xhr('GET', `/api/v1/certificates/${latest.certificateId}/credential`)).json() as CredentialLink;
    const old = (await new BrowserLikeClient(campus.api.origin).xhr('GET', `/api/v1/certificate-verifications/${first.certificate.slug}/credential`)).json();
    expect(old).toEqual({
      ...first.link,
      supersededBy: { credentialId: latestLink.credentialId, credentialUrl: latestLink.credentialUrl, certificateSlug: latest.slug },
    });
    expect(old.status).toBe('active');
    await expect(verifyCredential(first.jwt, resolver, VC2)).resolves.toBeDefined();
    expect(await revokedBitOf(first.jwt)).toBe(0);
    expect(await revokedBitOf((await fetchPublic(latestLink.credentialUrl)).text)).toBe(0);
    // The signed credential itself never changes.
    expect((await fetchPublic(first.link.credentialUrl)).text).toBe(first.jwt);

    // The admin history keeps both issues and the supersession, on the old credential's stream.
    const history = (await admin.xhr('GET', '/api/v1/admin/events?type=OpenBadgeCredentialSuperseded')).json();
    expect(history.items).toEqual([
      expect.objectContaining({
        streamType: 'credential',
        streamId: first.link.credentialId,
        data: expect.objectContaining({ supersededBy: latestLink.credentialId, supersededByCertificateId: latest.certificateId }),
      }),
    ]);
    expect((await admin.xhr('GET', '/api/v1/admin/events?type=OpenBadgeCredentialIssued')).json().items).toHaveLength(2);
    expect((await database.query(`select count(*)::int as n from events where type = 'OpenBadgeCredentialRevoked'`)).rows[0].n).toBe(0);
  });

  it('lists the certificate a renewal replaced as superseded by the latest, also before the new credential is signed', async () => {
    const { items } = (await learner.xhr('GET', '/api/v1/certificates/')).json() as { items: Certificate[] };
    const [latest, old] = items as [Certificate, Certificate];
    expect(old.certificateId).toBe(first.certificate.certificateId);
    expect([latest.supersededBy, old.supersededBy]).toEqual([null, { certificateSlug: latest.slug }]);
    // As between the renewal's certificate and the worker signing its credential: no credential says so yet.
    const { rows } = await database.query(`update open_badge_credentials set superseded_by = null where certificate_id = $1 returning id`, [old.certificateId]);
    expect(rows).toHaveLength(1);
    try {
      const listed = (await learner.xhr('GET', '/api/v1/certificates/')).json() as { items: Certificate[] };
      expect(listed.items.map((item) => [item.slug, item.supersededBy])).toEqual([
        [latest.slug, null],
        [old.slug, { certificateSlug: latest.slug }],
      ]);
      const verified = (await new BrowserLikeClient(campus.api.origin).xhr('GET', `/api/v1/certificate-verifications/${old.slug}`)).json();
      expect(verified).toMatchObject({ status: 'available', supersededBy: { certificateSlug: latest.slug } });
    } finally {
      await database.query(
        `update open_badge_credentials set superseded_by = (select id from open_badge_credentials where certificate_id = $2) where certificate_id = $1`,
        [old.certificateId, latest.certificateId],
      );
    }
  });

  it('leaves the held badge untouched when a renewal fails', async () => {
    await database.query(`update badges set expires_at = now() + interval '5 days'`);
    const before = await badgeRow();
    const counts = [await count('certificates'), await count('open_badge_credentials')];
    const failedId = await takeExam(wrongAnswersOf);

    expect(await badgeRow()).toEqual(before);
    // No award, so no job that could issue anything.
    expect((await database.query(`select type from events where stream_id = $1 order by version`, [failedId])).rows.map((row) => row.type)).toEqual([
      'ExamStarted',
      'ExamSubmitted',
      'ExamGraded',
    ]);
    expect(await coursePage()).toMatchObject({ badgeStatus: 'available', examOffer: 'renew', badgeExpiresAt: before.expires_at.toISOString() });
    expect([await count('certificates'), await count('open_badge_credentials')]).toEqual(counts);
    // The failed renewal waits out its cooldown like any attempt.
    expect((await learner.xhr('POST', `/api/v1/certification-courses/${COURSE}/exam/start/`)).json()).toMatchObject({ status: 400, code: 'EXAM_COOLDOWN' });
  });

  it('offers 更新受験 after the badge expired', async () => {
    await database.query(`update badges set expires_at = now() - interval '1 day'`);
    expect(await coursePage()).toMatchObject({ badgeStatus: 'expired', examOffer: 'renew' });
  });
});
