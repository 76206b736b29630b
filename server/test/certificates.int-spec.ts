import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Client } from 'pg';
import { type CampusSocket, openSessionSocket } from './support/campus-socket';
import type { Certificate } from '../src/contracts/certificates';
import type { StoredEvent } from '../src/database/event-store';
import { toStoredEvent } from '../src/database/event-row';
import { poppler, withPdfFile } from '../src/testing/pdf-tools';
import { IssueCertificateWhenBadgeAwardedHandler } from '../src/modules/certificates/reactions/issue-certificate-when-badge-awarded.handler';
import { NotifyLearnerWhenGradedOrCertifiedHandler } from '../src/modules/notifications/reactions/notify-learner-when-graded-or-certified.handler';
import { BrowserLikeClient } from './support/browser-like-client';
import { startCampus } from './support/campus-harness';
import { importDemoPack } from './support/demo-content';
import { type DemoLogin, logInAsDemo } from './support/dev-idp-login';
import { waitFor } from './support/wait-for';

const PROFILE = { lastName: '山田', firstName: '太郎', lastNameKana: 'ヤマダ', firstNameKana: 'タロウ', email: 'learner@example.com' };

describe('certificates: issued by the worker for a passed exam, listed, downloaded and verified', () => {
  const mediaDir = mkdtempSync(path.join(tmpdir(), 'campus-media-'));
  let campus: Awaited<ReturnType<typeof startCampus>>;
  let database: Client;
  let learner: BrowserLikeClient;
  let other: BrowserLikeClient;
  let visitor: BrowserLikeClient;
  let socket: CampusSocket;
  let examSessionId: string;
  let certificate: Certificate;
  let issuedPush: Promise<unknown>;

  const logIn = (login: DemoLogin) => logInAsDemo(campus.api.origin, login);
  /** A top-level navigation as a browser makes it: cookies, no XHR header; the body as bytes. */
  const navigate = async (client: BrowserLikeClient, url: string) => {
    const absolute = new URL(url, campus.api.origin).href;
    const response = await fetch(absolute, { headers: { cookie: (await client.jar.getCookieString(absolute)) ?? '' }, redirect: 'manual' });
    return { status: response.status, headers: response.headers, body: Buffer.from(await response.arrayBuffer()) };
  };
  const eventRow = async (type: string, streamId: string): Promise<StoredEvent> => {
    const { rows } = await database.query('select * from events where type = $1 and stream_id = $2', [type, streamId]);
    expect(rows).toHaveLength(1);
    return toStoredEvent(rows[0]);
  };
  const certificateFiles = () => readdirSync(path.join(`${mediaDir}-certificates`, 'certificates'));

  beforeAll(async () => {
    campus = await startCampus({ mediaDir, worker: true });
    await importDemoPack(campus.database.url, mediaDir);
    database = new Client({ connectionString: campus.database.url });
    await database.connect();
    learner = await logIn('learner');
    expect((await learner.xhr('PUT', '/api/v1/me', PROFILE)).status).toBe(200);
    other = await logIn('learner-new');
    visitor = new BrowserLikeClient(campus.api.origin);
    socket = await openSessionSocket(campus.api.origin, learner);
  });
  afterAll(async () => {
    socket?.disconnect();
    await database?.end();
    await campus?.stop();
    rmSync(mediaDir, { recursive: true, force: true });
    rmSync(`${mediaDir}-certificates`, { recursive: true, force: true });
  });

  it('issues a certificate when the learner passes line-ads-basic', async () => {
    expect((await learner.xhr('GET', '/api/v1/has-unread/')).json()).toEqual({ hasUnreadNotifications: false, hasUnreadAnnouncements: false });
    const started = await learner.xhr('POST', '/api/v1/certification-courses/line-ads-basic/exam/start/');
    expect(started.status).toBe(200);
    examSessionId = started.json().examSessionId;
    // The right answers, read from the frozen questions (a test may look; the API never tells).
    const { rows } = await database.query('select questions from exam_sessions where id = $1', [examSessionId]);
    const answers = Object.fromEntries(
      rows[0].questions.map((question: { questionId: string; choices: { choiceId: string; correct: boolean }[] }) => [
        question.questionId,
        question.choices.filter((choice) => choice.correct).map((choice) => choice.choiceId),
      ]),
    );
    issuedPush = new Promise((resolve) => socket.once('certificate.issued', resolve));
    expect((await learner.xhr('POST', `/api/v1/exam-sessions/${examSessionId}/submit`, { answers })).status).toBe(200);

    const list = await waitFor('the certificate', async () => {
      const reply = await learner.xhr('GET', '/api/v1/certificates/');
      expect(reply.status).toBe(200);
      return reply.json().items.length > 0 ? reply.json() : null;
    });
    expect(list.items).toHaveLength(1);
    certificate = list.items[0];
    expect(certificate).toMatchObject({
      courseSlug: 'line-ads-basic',
      courseLabel: 'LINE広告 Basic',
      program: 'AD',
      level: 'BASIC',
      holderName: '山田 太郎',
      status: 'available',
      downloadUrl: `/api/v1/certificates/${certificate.certificateId}/pdf`,
      verificationUrl: `${campus.api.origin}/certificates/verify/${certificate.slug}`,
    });
    expect(certificate.slug).toMatch(/^[0-9A-HJKMNP-TV-Z]{10}$/);
    expect(await issuedPush).toEqual({ certificateId: certificate.certificateId, slug: certificate.slug, courseSlug: 'line-ads-basic' });

    const { rows: stored } = await database.query('select id, user_id, pdf_path from certificates where exam_session_id = $1', [examSessionId]);
    expect(stored).toEqual([{ id: certificate.certificateId, user_id: expect.any(String), pdf_path: `certificates/${certificate.certificateId}.pdf` }]);
    const { rows: badge } = await database.query('select expires_at from badges where user_id = $1', [stored[0].user_id]);
    expect(certificate.expiresAt).toBe(badge[0].expires_at.toISOString());
    expect((await eventRow('CertificateIssued', certificate.certificateId)).streamType).toBe('certificate');
  });

  it('narrows the list to one certification course, and names the field of a slug that is none', async () => {
    expect((await learner.xhr('GET', '/api/v1/certificates/?courseSlug=line-ads-basic')).json()).toEqual({ items: [certificate] });
    expect((await learner.xhr('GET', '/api/v1/certificates/?courseSlug=line-ads-advanced')).json()).toEqual({ items: [] });
    const refused = await learner.xhr('GET', '/api/v1/certificates/?courseSlug=line-ads-basics');
    expect(refused.status).toBe(400);
    expect(refused.json()).toMatchObject({ status: 400, code: 'VALIDATION_FAILED', field: 'courseSlug', message: 'courseSlug: courseSlug は認定コースのスラッグで指定してください' });
  });

  it('shows the certificate by id or by slug to its holder only', async () => {
    const byId = await learner.xhr('GET', `/api/v1/certificates/${certificate.certificateId}`);
    expect(byId.status).toBe(200);
    expect(byId.json()).toEqual(certificate);
    expect((await learner.xhr('GET', `/api/v1/certificates/${certificate.slug.toLowerCase()}`)).json()).toEqual(certificate);

    expect((await other.xhr('GET', '/api/v1/certificates/')).json()).toEqual({ items: [] });
    expect((await other.xhr('GET', `/api/v1/certificates/${certificate.certificateId}`)).json()).toMatchObject({ status: 404, code: 'NOT_FOUND' });
    expect((await other.xhr('GET', `/api/v1/certificates/${certificate.slug}`)).status).toBe(404);
    expect((await navigate(other, certificate.downloadUrl)).status).toBe(404);

    expect((await visitor.xhr('GET', '/api/v1/certificates/')).json()).toMatchObject({ status: 401, code: 'LOGIN_REQUIRED' });
    expect((await visitor.xhr('GET', `/api/v1/certificates/${certificate.certificateId}`)).status).toBe(401);
    expect((await navigate(visitor, certificate.downloadUrl)).status).toBe(401);
  });

  it('answers 404, never 500, for ids that are not certificates', async () => {
    for (const bad of ['not-a-uuid', 'ZZZZZZZZZZ', '00000000-0000-4000-8000-000000000000', '%E8%AA%8D', "1'or'1'='1", 'a'.repeat(90), 'a'.repeat(300)]) {
      expect((await learner.xhr('GET', `/api/v1/certificates/${bad}`)).json()).toMatchObject({ status: 404, code: 'NOT_FOUND' });
      expect((await navigate(learner, `/api/v1/certificates/${bad}/pdf`)).status).toBe(404);
    }
  });

  it('downloads the PDF with the learner’s Japanese name and the course', async () => {
    const reply = await navigate(learner, certificate.downloadUrl);
    expect(reply.status).toBe(200);
    expect(reply.headers.get('content-type')).toBe('application/pdf');
    const disposition = reply.headers.get('content-disposition')!;
    expect(disposition).toMatch(/^attachment; filename="[\x20-\x7e]+"; filename\*=UTF-8''/);
    expect(decodeURIComponent(disposition.split("filename*=UTF-8''")[1]!)).toBe(`認定証_LINE広告_Basic_${certificate.slug}.pdf`);
    expect(reply.body.subarray(0, 5).toString()).toBe('%PDF-');

    const text = withPdfFile(reply.body, (file) => poppler('pdftotext', ['-enc', 'UTF-8', file, '-']));
    expect(text).toContain('山田 太郎');
    expect(text).toContain('LINE広告 Basic');
    expect(text).toContain(certificate.slug);
    expect(text).toContain(certificate.verificationUrl);
    expect(text).toMatch(/取得日\s+\d{4}年\d{1,2}月\d{1,2}日/);
    expect(text).toMatch(new RegExp(`認定証番号\\s+${certificate.slug}`));
    // The PDF carries a name: it is not published with the media storage.
    expect((await navigate(new BrowserLikeClient(campus.api.origin), `/media/certificates/${certificate.certificateId}.pdf`)).status).toBe(404);
  });

  it('tells the learner by personal notifications, and has-unread says so', async () => {
    const { rows: user } = await database.query('select user_id from certificates where id = $1', [certificate.certificateId]);
    const userId = user[0].user_id;
    const notes = await waitFor('both notifications', async () => {
      const { rows } = await database.query('select kind, title, link from notifications where user_id = $1 order by kind', [userId]);
      return rows.length === 2 ? rows : null;
    });
    expect(notes).toEqual([
      { kind: 'certificate-issued', title: expect.stringContaining('LINE広告 Basic'), link: `/mypage/certificates/${certificate.slug}` },
      { kind: 'exam-passed', title: expect.stringContaining('LINE広告 Basic'), link: '/lineyahoo-marketing-skill-badge/courses/line-ads-basic/exam-result' },
    ]);
    const { rows: created } = await database.query(
      `select count(*)::int as n from events where type = 'NotificationCreated' and stream_type = 'notification' and data->>'userId' = $1`,
      [userId],
    );
    expect(created[0].n).toBe(2);
    expect((await learner.xhr('GET', '/api/v1/has-unread/')).json()).toEqual({ hasUnreadNotifications: true, hasUnreadAnnouncements: false });
    expect((await other.xhr('GET', '/api/v1/has-unread/')).json()).toEqual({ hasUnreadNotifications: false, hasUnreadAnnouncements: false });
  });

  it('does nothing more when the jobs are delivered again: one certificate, one file, no second notification', async () => {
    const issue = campus.worker!.get(IssueCertificateWhenBadgeAwardedHandler);
    const notify = campus.worker!.get(NotifyLearnerWhenGradedOrCertifiedHandler);
    const badgeAwarded = await eventRow('BadgeAwarded', examSessionId);
    await Promise.all([issue.handle(badgeAwarded), issue.handle(badgeAwarded)]);
    await issue.handle(badgeAwarded);
    await notify.handle(await eventRow('ExamGraded', examSessionId));
    await notify.handle(await eventRow('CertificateIssued', certificate.certificateId));
    // A repeat appends nothing, so the relay has nothing new to push; the flags are what they were.
    expect((await learner.xhr('GET', '/api/v1/has-unread/')).json()).toEqual({ hasUnreadNotifications: true, hasUnreadAnnouncements: false });

    const { rows } = await database.query('select id, slug from certificates');
    expect(rows).toEqual([{ id: certificate.certificateId, slug: certificate.slug }]);
    expect(certificateFiles()).toEqual([`${certificate.certificateId}.pdf`]);
    const { rows: counts } = await database.query(
      `select (select count(*)::int from events where type = 'CertificateIssued') as issued, (select count(*)::int from notifications) as notes`,
    );
    expect(counts).toEqual([{ issued: 1, notes: 2 }]);
  });

  it('lets anyone verify the certificate by its slug, without logging in', async () => {
    const reply = await visitor.xhr('GET', `/api/v1/certificate-verifications/${certificate.slug}`);
    expect(reply.status).toBe(200);
    expect(reply.json()).toEqual({
      slug: certificate.slug,
      courseSlug: 'line-ads-basic',
      courseLabel: 'LINE広告 Basic',
      level: 'BASIC',
      holderName: '山田 太郎',
      issuedAt: certificate.issuedAt,
      expiresAt: certificate.expiresAt,
      status: 'available',
      revocation: null,
      supersededBy: null,
    });
    expect((await visitor.xhr('GET', `/api/v1/certificate-verifications/${certificate.slug.toLowerCase()}`)).json().slug).toBe(certificate.slug);
    expect((await visitor.xhr('GET', '/api/v1/certificate-verifications/ZZZZZZZZZZ')).json()).toMatchObject({ status: 404, code: 'NOT_FOUND' });
    // The id is the holder's own handle; only the printed slug is public.
    expect((await visitor.xhr('GET', `/api/v1/certificate-verifications/${certificate.certificateId}`)).status).toBe(404);
  });

  it('shows a certificate past its expiry as expired', async () => {
    await database.query(`update certificates set expires_at = now() - interval '1 day' where id = $1`, [certificate.certificateId]);
    expect((await learner.xhr('GET', '/api/v1/certificates/')).json().items[0].status).toBe('expired');
    expect((await visitor.xhr('GET', `/api/v1/certificate-verifications/${certificate.slug}`)).json().status).toBe('expired');
  });
});
