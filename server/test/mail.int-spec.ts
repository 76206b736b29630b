import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Client } from 'pg';
import { toStoredEvent } from '../src/database/event-row';
import { JobQueue } from '../src/jobs/job-queue';
import { MailTokenSecret } from '../src/modules/mail/mail-token-secret';
import { MailLearnerWhenCertificateIssuedHandler } from '../src/modules/mail/reactions/mail-learner-when-certificate-issued.handler';
import { signUnsubscribeToken } from '../src/modules/mail/mail-tokens';
import { RemindLearnersWhenBadgeExpiringHandler } from '../src/modules/notifications/reactions/remind-learners-when-badge-expiring.handler';
import { BrowserLikeClient } from './support/browser-like-client';
import { startCampus } from './support/campus-harness';
import { importDemoPack } from './support/demo-content';
import { logInAsDemo } from './support/dev-idp-login';
import { rightAnswersOf } from './support/exam-answers';
import { startSmtpInbox } from './support/smtp-inbox';
import { waitFor } from './support/wait-for';

const LEARNER = { lastName: '山田', firstName: '太郎', lastNameKana: 'ヤマダ', firstNameKana: 'タロウ', email: 'learner@example.com' };
const REFUSED = { lastName: '拒否', firstName: '花子', lastNameKana: 'キョヒ', firstNameKana: 'ハナコ', email: 'refused@example.com' };
const DAY = 24 * 3600 * 1000;

describe('mail: a real SMTP server receives what the worker sends', () => {
  const mediaDir = mkdtempSync(path.join(tmpdir(), 'campus-media-'));
  let inbox: Awaited<ReturnType<typeof startSmtpInbox>>;
  let campus: Awaited<ReturnType<typeof startCampus>>;
  let database: Client;
  let learner: BrowserLikeClient;
  let refused: BrowserLikeClient;

  const userIdOf = async (email: string) => (await database.query(`select id from users where email = $1`, [email])).rows[0].id as string;
  const courseIdOf = async (slug: string) => (await database.query(`select id from courses where slug = $1 and kind = 'certification'`, [slug])).rows[0].id as string;
  const deliveriesOf = async (userId: string) => (await database.query(`select kind, status, attempts, last_error from mail_deliveries where user_id = $1 order by created_at`, [userId])).rows;
  const secret = () => campus.worker!.get(MailTokenSecret).get();

  async function pass(client: BrowserLikeClient, courseSlug: string): Promise<void> {
    const started = (await client.xhr('POST', `/api/v1/certification-courses/${courseSlug}/exam/start/`)).json<{ examSessionId: string }>();
    const answers = await rightAnswersOf(database, started.examSessionId);
    expect((await client.xhr('POST', `/api/v1/exam-sessions/${started.examSessionId}/submit`, { answers })).status).toBe(200);
  }

  beforeAll(async () => {
    inbox = await startSmtpInbox({ refuse: [REFUSED.email] });
    campus = await startCampus({ mediaDir, worker: true, env: { SMTP_URL: inbox.url, MAIL_TOKEN_SECRET: 'a'.repeat(16) + 'mail-token-secret-for-tests' } });
    await importDemoPack(campus.database.url, mediaDir);
    database = new Client({ connectionString: campus.database.url });
    await database.connect();
    learner = await logInAsDemo(campus.api.origin, 'learner');
    expect((await learner.xhr('PUT', '/api/v1/me', LEARNER)).status).toBe(200);
    refused = await logInAsDemo(campus.api.origin, 'learner-new');
    expect((await refused.xhr('PUT', '/api/v1/me', REFUSED)).status).toBe(200);
  });
  afterAll(async () => {
    await database?.end();
    await campus?.stop();
    await inbox?.stop();
    rmSync(mediaDir, { recursive: true, force: true });
    rmSync(`${mediaDir}-certificates`, { recursive: true, force: true });
  });

  it('sends one certificate mail per pass, with the PDF attached and the certificate, verification and LinkedIn links', async () => {
    await pass(learner, 'line-ads-basic');
    const [mail] = await waitFor('the certificate mail', async () => (inbox.to(LEARNER.email).length > 0 ? inbox.to(LEARNER.email) : null));
    const certificate = (await database.query(`select id, slug from certificates where user_id = $1`, [await userIdOf(LEARNER.email)])).rows[0];
    expect(mail!.subject).toBe('【マーケティング学習キャンパス】「LINE広告 Basic」の認定証を発行しました');
    expect(mail!.to).toMatchObject({ value: [{ address: LEARNER.email, name: '山田 太郎' }] });
    expect(mail!.text).toContain(`${campus.api.origin}/mypage/certificates/${certificate.slug}`);
    expect(mail!.text).toContain(`${campus.api.origin}/certificates/verify/${certificate.slug}`);
    expect(mail!.text).toContain('https://www.linkedin.com/profile/add?startTask=CERTIFICATION_NAME');
    expect(mail!.html).toContain(`href="${campus.api.origin}/certificates/verify/${certificate.slug}"`);
    // No remote images: nothing in the HTML loads from elsewhere.
    expect(mail!.html).not.toMatch(/<img\b/);
    expect(mail!.attachments).toHaveLength(1);
    expect(mail!.attachments[0]).toMatchObject({ contentType: 'application/pdf', filename: `認定証_${certificate.slug}.pdf` });
    expect(mail!.attachments[0]!.content.subarray(0, 5).toString()).toBe('%PDF-');
    // The certificate itself has no unsubscribe link.
    expect(mail!.headerLines.some((line) => line.key === 'list-unsubscribe')).toBe(false);
    expect(mail!.messageId).toMatch(/^<[0-9a-f]{40}@localhost>$/);

    // The job run again once the first run has recorded the mail (a retry, or the reconciler re-deriving it): nothing more arrives.
    await waitFor('the delivery recorded as sent', async () => ((await deliveriesOf(await userIdOf(LEARNER.email))).some((row) => row.status === 'sent') ? true : null));
    const { rows } = await database.query(`select * from events where type = 'CertificateIssued' and stream_id = $1`, [certificate.id]);
    await campus.worker!.get(MailLearnerWhenCertificateIssuedHandler).handle(toStoredEvent(rows[0]));
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(inbox.to(LEARNER.email)).toHaveLength(1);
    expect(await deliveriesOf(await userIdOf(LEARNER.email))).toEqual([{ kind: 'certificate', status: 'sent', attempts: 1, last_error: null }]);
    expect((await database.query(`select count(*)::int as n from events where type = 'MailSent'`)).rows[0].n).toBe(1);
  });

  it('sends an address the provider does not vouch for only its confirmation, and records the SMTP server’s refusal of it', async () => {
    await pass(refused, 'line-ads-basic');
    const userId = await userIdOf(REFUSED.email);
    await waitFor('the refused confirmation and the skipped certificate', async () => {
      const rows = await deliveriesOf(userId);
      return rows.some((row) => row.kind === 'address' && row.attempts > 0) && rows.some((row) => row.kind === 'certificate') ? rows : null;
    });
    const rows = await deliveriesOf(userId);
    expect(rows.find((row) => row.kind === 'address')).toMatchObject({ status: 'pending', last_error: expect.stringMatching(/550|mailbox unavailable|refused/) });
    expect(rows.find((row) => row.kind === 'certificate')).toMatchObject({ status: 'skipped', last_error: 'address not confirmed' });
    expect(inbox.to(REFUSED.email)).toEqual([]);
  });

  it('reminds opted-in learners of an expiring badge by mail with a one-click unsubscribe, and not those who turned it off', async () => {
    const learnerId = await userIdOf(LEARNER.email);
    const advancedId = await courseIdOf('line-ads-advanced');
    await database.query(
      `insert into badges (user_id, course_id, awarded_at, expires_at) values ($1, $2, now(), $3) on conflict (user_id, course_id) do update set expires_at = excluded.expires_at`,
      [learnerId, advancedId, new Date(Date.now() + 10 * DAY)],
    );
    // The other learner turned expiry mails off: the reminder notice is made, the mail is not.
    expect((await refused.xhr('PUT', '/api/v1/me/mail-preferences', { certificate: true, expiry: false, revocation: true, announcement: false })).status).toBe(200);
    const refusedId = await userIdOf(REFUSED.email);
    await database.query(`insert into badges (user_id, course_id, awarded_at, expires_at) values ($1, $2, now(), $3) on conflict (user_id, course_id) do update set expires_at = excluded.expires_at`, [
      refusedId,
      advancedId,
      new Date(Date.now() + 10 * DAY),
    ]);
    await campus.worker!.get(RemindLearnersWhenBadgeExpiringHandler).handle();

    const reminder = await waitFor('the reminder mail', async () => inbox.to(LEARNER.email).find((mail) => mail.subject?.includes('有効期限のお知らせ')) ?? null);
    expect(reminder.subject).toBe('【マーケティング学習キャンパス】「LINE広告 Advanced」のスキルバッジの有効期限のお知らせ・更新受験のご案内');
    expect(reminder.text).toContain(`${campus.api.origin}/lineyahoo-marketing-skill-badge/courses/line-ads-advanced`);
    const header = (name: string) => reminder.headerLines.find((line) => line.key === name)?.line.replace(/^[^:]+:\s*/, '').replace(/\r?\n\s+/g, '');
    expect(header('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    const oneClick = /^<(.+)>$/.exec(header('list-unsubscribe') ?? '')![1]!;
    expect(oneClick).toMatch(new RegExp(`^${campus.api.origin}/api/v1/mail/unsubscribe\\?token=`));
    await waitFor('the skipped delivery', async () => ((await deliveriesOf(refusedId)).some((row) => row.kind === 'expiry' && row.status === 'skipped') ? true : null));
    expect(inbox.to(REFUSED.email)).toEqual([]);

    // RFC 8058: the mail app POSTs the form body, with no cookie and no XHR header.
    const response = await fetch(oneClick, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'List-Unsubscribe=One-Click' });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ kind: 'expiry', label: '有効期限のお知らせ・更新受験のご案内' });
    expect((await learner.xhr('GET', '/api/v1/me/mail-preferences')).json()).toEqual({ certificate: true, expiry: false, revocation: true, announcement: false, pendingAddress: null });
    expect((await database.query(`select count(*)::int as n from events where type = 'MailUnsubscribed' and stream_id = $1`, [learnerId])).rows[0].n).toBe(1);
    // Again: harmless, nothing more recorded.
    expect((await fetch(oneClick, { method: 'POST' })).status).toBe(200);
    expect((await database.query(`select count(*)::int as n from events where type = 'MailUnsubscribed'`)).rows[0].n).toBe(1);
  });

  it('refuses a tampered or expired unsubscribe token, changing nothing', async () => {
    const userId = await userIdOf(REFUSED.email);
    const valid = signUnsubscribeToken(secret(), { userId, kind: 'revocation' }, new Date());
    const [payload, signature] = valid.split('.');
    const forged = `${Buffer.from(JSON.stringify({ u: userId, k: 'certificate', x: 4_102_444_800 })).toString('base64url')}.${signature}`;
    for (const token of [`${payload}.${signature!.slice(0, -2)}xx`, forged, 'not-a-token', `${payload}`]) {
      const reply = await new BrowserLikeClient(campus.api.origin).xhr('POST', `/api/v1/mail/unsubscribe?token=${encodeURIComponent(token)}`);
      expect(reply.json()).toMatchObject({ status: 400, code: 'MAIL_LINK_INVALID', field: 'token' });
    }
    const expired = signUnsubscribeToken(secret(), { userId, kind: 'revocation' }, new Date(Date.now() - 91 * DAY));
    expect((await fetch(`${campus.api.origin}/api/v1/mail/unsubscribe?token=${expired}`, { method: 'POST' })).status).toBe(410);
    expect((await fetch(`${campus.api.origin}/api/v1/mail/unsubscribe`, { method: 'POST' })).status).toBe(400);
    expect((await refused.xhr('GET', '/api/v1/me/mail-preferences')).json()).toEqual({ certificate: true, expiry: false, revocation: true, announcement: false, pendingAddress: 'refused@example.com' });
  });

  it('mails an announcement marked for mail to the learners who chose announcements, and no other', async () => {
    // The demo learner opts in; the other learner keeps the default (off).
    expect((await learner.xhr('PUT', '/api/v1/me/mail-preferences', { certificate: true, expiry: false, revocation: true, announcement: true })).status).toBe(200);
    // A name that reached the database with a line break in it (the profile form refuses one) never starts a header.
    await database.query(`update users set last_name = $1 where email = $2`, ['山田\r\nBcc: evil@example.com\r\n', LEARNER.email]);
    const admin = await logInAsDemo(campus.api.origin, 'admin');
    expect((await admin.xhr('POST', '/api/v1/admin/announcements', { title: 'メンテナンスのお知らせ', body: '12月1日 2:00〜4:00 に停止します。\n\n受験中の方はご注意ください。', mail: true })).status).toBe(201);
    expect((await admin.xhr('POST', '/api/v1/admin/announcements', { title: 'サイトだけのお知らせ', body: 'メールでは送りません。' })).status).toBe(201);
    const mail = await waitFor('the announcement mail', async () => inbox.to(LEARNER.email).find((message) => message.subject === '【マーケティング学習キャンパス】メンテナンスのお知らせ') ?? null);
    expect(mail.to).toMatchObject({ value: [{ address: LEARNER.email, name: '山田 Bcc: evil@example.com 太郎' }] });
    expect(mail.headerLines.filter((line) => line.key === 'bcc')).toEqual([]);
    expect(inbox.to('evil@example.com')).toEqual([]);
    expect(inbox.messages.filter((message) => JSON.stringify(message.bcc ?? null).includes('evil'))).toEqual([]);
    await database.query(`update users set last_name = $1 where email = $2`, [LEARNER.lastName, LEARNER.email]);
    expect(mail.text).toContain('受験中の方はご注意ください。');
    expect(mail.text).toMatch(new RegExp(`${campus.api.origin}/notifications/general/[0-9a-f-]{36}`));
    expect(mail.headerLines.some((line) => line.key === 'list-unsubscribe-post')).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(inbox.messages.filter((message) => message.subject?.includes('サイトだけのお知らせ'))).toEqual([]);
    expect(inbox.to(REFUSED.email)).toEqual([]);
    const bad = await admin.xhr('POST', '/api/v1/admin/announcements', { title: 'x', body: 'y', mail: 'yes' });
    expect(bad.json()).toMatchObject({ status: 400, field: 'mail' });
  });

  it('re-derives an announcement mailing whose job was lost, once it is live, and mails nobody twice', async () => {
    expect((await learner.xhr('PUT', '/api/v1/me/mail-preferences', { certificate: true, expiry: false, revocation: true, announcement: true })).status).toBe(200);
    const admin = await logInAsDemo(campus.api.origin, 'admin');
    // Scheduled an hour ahead: its job waits in Redis, delayed until then, and is lost there (a Redis without persistence).
    const publishAt = new Date(Date.now() + 3_600_000).toISOString();
    expect((await admin.xhr('POST', '/api/v1/admin/announcements', { title: '失われたジョブのお知らせ', body: '再び届きます。', mail: true, publishAt })).status).toBe(201);
    const eventId = await waitFor('the relayed AnnouncementPublished', async () => {
      const { rows } = await database.query(`select id from events where type = 'AnnouncementPublished' and data->>'title' = $1 and relayed_at is not null`, ['失われたジョブのお知らせ']);
      return (rows[0]?.id as string | undefined) ?? null;
    });
    const queue = campus.worker!.get(JobQueue).queue;
    const jobId = `mail-learners-when-announcement-published@${eventId}`;
    const job = await waitFor('its delayed job', async () => (await queue.getJob(jobId)) ?? null);
    expect(await job.getState()).toBe('delayed');
    await job.remove();
    // The hour passes (the announcement goes live) and the relay's minute of grace with it.
    await database.query(`update announcements set publish_at = now() where title = $1`, ['失われたジョブのお知らせ']);
    await database.query(`update events set relayed_at = now() - interval '2 minutes' where id = $1`, [eventId]);

    const subject = '【マーケティング学習キャンパス】失われたジョブのお知らせ';
    await waitFor('the re-derived announcement mail', async () => (inbox.to(LEARNER.email).some((mail) => mail.subject === subject) ? true : null), 30_000);
    await waitFor('the mailing marked finished', async () => {
      const { rows } = await database.query(`select runs, finished_at from mail_fan_outs where event_id = $1`, [eventId]);
      return rows[0]?.finished_at ? rows[0] : null;
    });
    // Several reconciliations later: still one mail, and the finished mailing is not run again.
    await new Promise((resolve) => setTimeout(resolve, 12_000));
    expect(inbox.to(LEARNER.email).filter((mail) => mail.subject === subject)).toHaveLength(1);
    expect((await database.query(`select runs from mail_fan_outs where event_id = $1`, [eventId])).rows).toEqual([{ runs: 1 }]);
    expect(inbox.to(REFUSED.email).filter((mail) => mail.subject === subject)).toEqual([]);
  });

  it('names the field of a bad preferences body, and keeps the preferences for learners only', async () => {
    const missing = await learner.xhr('PUT', '/api/v1/me/mail-preferences', { certificate: true, expiry: true, revocation: true });
    expect(missing.json()).toMatchObject({ status: 400, code: 'VALIDATION_FAILED', field: 'announcement' });
    const wrong = await learner.xhr('PUT', '/api/v1/me/mail-preferences', { certificate: 'yes', expiry: true, revocation: true, announcement: false });
    expect(wrong.json()).toMatchObject({ status: 400, field: 'certificate' });
    expect((await new BrowserLikeClient(campus.api.origin).xhr('GET', '/api/v1/me/mail-preferences')).status).toBe(401);
  });

  it('sends a mail the SMTP server could not take once it is back, and only once', async () => {
    await inbox.stop();
    await pass(learner, 'line-official-account-basic');
    const userId = await userIdOf(LEARNER.email);
    await waitFor('a failed attempt', async () => ((await deliveriesOf(userId)).some((row) => row.status === 'pending' && row.attempts > 0 && row.last_error) ? true : null));
    await inbox.start();
    const ofCourse = () => inbox.to(LEARNER.email).filter((mail) => mail.subject?.includes('LINE公式アカウント Basic'));
    await waitFor('the mail after the server came back', async () => (ofCourse().length > 0 ? true : null), 60_000);
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    expect(ofCourse()).toHaveLength(1);
    expect((await deliveriesOf(userId)).filter((row) => row.kind === 'certificate')).toEqual([
      expect.objectContaining({ status: 'sent' }),
      expect.objectContaining({ status: 'sent', last_error: null }),
    ]);
  }, 90_000);

  it('confirms a new profile address by the link mailed to it, and mails it only then', async () => {
    const address = 'yamada.new@example.com';
    expect((await learner.xhr('PUT', '/api/v1/me', { ...LEARNER, email: address })).status).toBe(200);
    const confirmation = await waitFor('the confirmation mail', async () => inbox.to(address).find((mail) => mail.subject === '【マーケティング学習キャンパス】メールアドレスの確認') ?? null);
    const link = new RegExp(`${campus.api.origin}/mail/confirm\\?token=([A-Za-z0-9_-]+\\.[A-Za-z0-9_-]+)`).exec(confirmation.text ?? '');
    expect(link).not.toBeNull();
    // Before it is confirmed, an announcement the learner asked for does not go there.
    const admin = await logInAsDemo(campus.api.origin, 'admin');
    expect((await admin.xhr('POST', '/api/v1/admin/announcements', { title: '確認前のお知らせ', body: '届かないはずです。', mail: true })).status).toBe(201);
    const userId = await userIdOf(address);
    expect((await learner.xhr('GET', '/api/v1/me/mail-preferences')).json()).toMatchObject({ pendingAddress: address });
    await waitFor('the skipped announcement', async () => ((await deliveriesOf(userId)).some((row) => row.kind === 'announcement' && row.status === 'skipped' && row.last_error === 'address not confirmed') ? true : null));
    // A tampered link changes nothing; the real one confirms (without a session), once.
    const tampered = await fetch(`${campus.api.origin}/api/v1/mail/confirm-address?token=${link![1]!.slice(0, -3)}abc`, { method: 'POST' });
    expect(tampered.status).toBe(400);
    const confirmed = await fetch(`${campus.api.origin}/api/v1/mail/confirm-address?token=${link![1]}`, { method: 'POST' });
    expect(await confirmed.json()).toEqual({ address });
    expect((await fetch(`${campus.api.origin}/api/v1/mail/confirm-address?token=${link![1]}`, { method: 'POST' })).status).toBe(200);
    expect((await database.query(`select count(*)::int as n from events where type = 'MailAddressConfirmed' and stream_id = $1`, [userId])).rows[0].n).toBe(1);
    expect((await learner.xhr('GET', '/api/v1/me/mail-preferences')).json()).toMatchObject({ pendingAddress: null });
    expect((await admin.xhr('POST', '/api/v1/admin/announcements', { title: '確認後のお知らせ', body: '届きます。', mail: true })).status).toBe(201);
    await waitFor('the announcement at the confirmed address', async () => inbox.to(address).find((mail) => mail.subject === '【マーケティング学習キャンパス】確認後のお知らせ') ?? null);
    expect(inbox.to(address).filter((mail) => mail.subject?.includes('確認前のお知らせ'))).toEqual([]);
    // The link of an address the profile no longer has is refused.
    expect((await learner.xhr('PUT', '/api/v1/me', LEARNER)).status).toBe(200);
    const stale = await fetch(`${campus.api.origin}/api/v1/mail/confirm-address?token=${link![1]}`, { method: 'POST' });
    expect(await stale.json()).toMatchObject({ status: 400, code: 'MAIL_LINK_INVALID' });
  });
});
