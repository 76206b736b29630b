import { randomUUID } from 'node:crypto';
import { Client } from 'pg';
import type { AdminAnnouncement, AdminAnnouncementPage } from '../src/contracts/announcements';
import type { FeedPage } from '../src/contracts/notifications';
import type { ServerToClientEvents } from '../src/contracts/realtime';
import { type EventRow, toStoredEvent } from '../src/database/event-row';
import { JobQueue } from '../src/jobs/job-queue';
import { NotifyRecipientsWhenAdminMessageSentHandler } from '../src/modules/notifications/reactions/notify-recipients-when-admin-message-sent.handler';
import { RemindLearnersWhenBadgeExpiringHandler } from '../src/modules/notifications/reactions/remind-learners-when-badge-expiring.handler';
import { startOfNextTokyoMonth } from '../src/modules/notifications/recipients';
import { BrowserLikeClient } from './support/browser-like-client';
import { startCampus } from './support/campus-harness';
import { type CampusSocket, openSessionSocket } from './support/campus-socket';
import { logInAsDemo } from './support/dev-idp-login';

const DAY = 86_400_000;

const noticeWithin = <K extends keyof ServerToClientEvents>(socket: CampusSocket, event: K, timeoutMs = 10_000) =>
  new Promise<unknown>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no ${event} within ${timeoutMs} ms`)), timeoutMs);
    socket.once(event as 'unread.changed', (payload?: unknown) => {
      clearTimeout(timer);
      resolve(payload);
    });
  });

/** Polls until `check` holds (the worker delivers on its own time). */
async function eventually<T>(read: () => Promise<T>, check: (value: T) => boolean, timeoutMs = 10_000): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (check(value) || Date.now() > until) return value;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('admin notices: announcements managed by admins, targeted notifications, badge expiry reminders', () => {
  let campus: Awaited<ReturnType<typeof startCampus>>;
  let database: Client;
  let learner: BrowserLikeClient;
  let other: BrowserLikeClient;
  let admin: BrowserLikeClient;
  let visitor: BrowserLikeClient;
  let learnerSocket: CampusSocket;
  let otherSocket: CampusSocket;
  let learnerId: string;
  let otherId: string;
  /** A learner past the agreements who holds no badge (no login needed: their rows are read in SQL). */
  const plainId = randomUUID();
  const basicId = randomUUID();
  const advancedId = randomUUID();

  const courseRow = (id: string, slug: string, position: number) =>
    database.query(
      `insert into courses (id, kind, program, slug, title, summary, level, categories, estimated_minutes, badge_valid_months, position, content_hash)
       values ($1, 'certification', 'AD', $2, $2, '', $4, '[]', 30, 12, $3, 'h')`,
      [id, slug, position, slug.endsWith('-advanced') ? 'ADVANCED' : 'BEGINNER'],
    );
  const setBadge = (userId: string, courseId: string, expiresAt: Date) =>
    database.query(
      `insert into badges (user_id, course_id, awarded_at, expires_at) values ($1, $2, now(), $3)
       on conflict (user_id, course_id) do update set expires_at = excluded.expires_at`,
      [userId, courseId, expiresAt],
    );
  const notificationsOf = async (userId: string, kind: string) =>
    (await database.query(`select title, body, link, source_event_id from notifications where user_id = $1 and kind = $2 order by created_at`, [userId, kind])).rows;

  beforeAll(async () => {
    campus = await startCampus({ worker: true });
    database = new Client({ connectionString: campus.database.url });
    await database.connect();
    learner = await logInAsDemo(campus.api.origin, 'learner');
    other = await logInAsDemo(campus.api.origin, 'learner-new');
    admin = await logInAsDemo(campus.api.origin, 'admin');
    visitor = new BrowserLikeClient(campus.api.origin);
    learnerId = (await database.query(`select id from users where subject = 'demo-learner'`)).rows[0].id;
    otherId = (await database.query(`select id from users where subject = 'demo-learner-new'`)).rows[0].id;
    await database.query(`insert into users (id, subject, email, has_accepted_agreements) values ($1, 'plain', 'plain@example.com', true)`, [plainId]);
    await courseRow(basicId, 'line-ads-basic', 1);
    await courseRow(advancedId, 'line-ads-advanced', 2);
    learnerSocket = await openSessionSocket(campus.api.origin, learner);
    otherSocket = await openSessionSocket(campus.api.origin, other);
  });
  afterAll(async () => {
    learnerSocket?.disconnect();
    otherSocket?.disconnect();
    await database?.end();
    await campus?.stop();
  });

  it('refuses a learner (403) and a visitor (401) on every admin route of notices', async () => {
    const id = randomUUID();
    const routes: Array<[string, string, object?]> = [
      ['GET', '/api/v1/admin/announcements'],
      ['GET', `/api/v1/admin/announcements/${id}`],
      ['PUT', `/api/v1/admin/announcements/${id}`, { title: '題', body: '本文' }],
      ['POST', `/api/v1/admin/announcements/${id}/unpublish`, {}],
      ['POST', '/api/v1/admin/notifications', { title: '題', body: '本文', target: { kind: 'segment', segment: 'all-learners' } }],
      ['GET', '/api/v1/admin/notifications/recipients?segment=all-learners'],
    ];
    for (const [method, path, body] of routes) {
      expect({ path, reply: (await learner.xhr(method, path, body)).json() }).toMatchObject({ path, reply: { status: 403, code: 'FORBIDDEN' } });
      expect({ path, reply: (await visitor.xhr(method, path, body)).json() }).toMatchObject({ path, reply: { status: 401, code: 'LOGIN_REQUIRED' } });
    }
    expect((await database.query(`select 1 from events where type in ('AdminMessageSent', 'AnnouncementEdited', 'AnnouncementUnpublished')`)).rowCount).toBe(0);
  });

  describe('announcements', () => {
    let liveId: string;
    let scheduledId: string;

    it('lists every announcement for admins, newest publish time first, with its status and read count', async () => {
      liveId = (await admin.xhr('POST', '/api/v1/admin/announcements', { title: '公開中のお知らせ', body: '本文', link: '/notifications/general' })).json().announcementId;
      scheduledId = (await admin.xhr('POST', '/api/v1/admin/announcements', { title: '予約のお知らせ', body: '本文', publishAt: new Date(Date.now() + 3_600_000).toISOString() })).json().announcementId;
      expect((await learner.xhr('GET', `/api/v1/announcements/${liveId}`)).json()).toMatchObject({ isRead: true });

      const page: AdminAnnouncementPage = (await admin.xhr('GET', '/api/v1/admin/announcements')).json();
      expect(page).toMatchObject({ total: 2, limit: 20, offset: 0 });
      expect(page.items.map((item) => [item.announcementId, item.status, item.readCount])).toEqual([
        [scheduledId, 'scheduled', 0],
        [liveId, 'published', 1],
      ]);
      expect(page.items[1]).toMatchObject({ title: '公開中のお知らせ', body: '本文', link: '/notifications/general', unpublishedAt: null });
      expect(((await admin.xhr('GET', '/api/v1/admin/announcements?limit=1&offset=1')).json() as AdminAnnouncementPage).items.map((item) => item.announcementId)).toEqual([liveId]);

      expect((await admin.xhr('GET', `/api/v1/admin/announcements/${scheduledId}`)).json()).toEqual(page.items[0]);
      for (const bad of [randomUUID(), 'not-a-uuid', "1'or'1'='1"]) {
        expect((await admin.xhr('GET', `/api/v1/admin/announcements/${bad}`)).json()).toMatchObject({ status: 404, code: 'NOT_FOUND' });
      }
      expect((await admin.xhr('GET', '/api/v1/admin/announcements?limit=0')).json()).toMatchObject({ status: 400, code: 'VALIDATION_FAILED', field: 'limit' });
    });

    it('edits a live one: learners see the new text, open pages are told, and its date cannot move', async () => {
      const current: AdminAnnouncement = (await admin.xhr('GET', `/api/v1/admin/announcements/${liveId}`)).json();
      const told = noticeWithin(learnerSocket, 'announcements.changed');
      const edited = await admin.xhr('PUT', `/api/v1/admin/announcements/${liveId}`, { title: '公開中のお知らせ（更新）', body: '新しい本文', link: '/notifications', publishAt: current.publishAt });
      expect(edited.status).toBe(200);
      expect(edited.json()).toEqual({ ...current, title: '公開中のお知らせ（更新）', body: '新しい本文', link: '/notifications' });
      await told;
      expect((await visitor.xhr('GET', `/api/v1/announcements/${liveId}`)).json()).toMatchObject({ title: '公開中のお知らせ（更新）', body: '新しい本文' });
      const { rows } = await database.query(`select version, data from events where type = 'AnnouncementEdited' and stream_id = $1`, [liveId]);
      expect(rows).toEqual([{ version: 2, data: expect.objectContaining({ title: '公開中のお知らせ（更新）', rescheduledFrom: null }) }]);

      const moved = (await admin.xhr('PUT', `/api/v1/admin/announcements/${liveId}`, { title: '題', body: '本文', publishAt: new Date(Date.now() + DAY).toISOString() })).json();
      expect(moved).toMatchObject({ status: 400, code: 'VALIDATION_FAILED', field: 'publishAt' });
      expect(moved.message).toContain('公開済みのお知らせの公開日時は変更できません');
    });

    it.each([
      ['an empty title', { title: '' }, 'title'],
      ['a body over 5000 characters', { body: 'あ'.repeat(5001) }, 'body'],
      ['a link to another site', { link: 'https://evil.example/' }, 'link'],
      ['a protocol-relative link', { link: '//evil.example/' }, 'link'],
      ['a publishAt that is not a date', { publishAt: 'tomorrow' }, 'publishAt'],
      ['an unknown field', { extra: 1 }, 'extra'],
    ])('refuses an edit with %s, naming the field and changing nothing', async (_, change, field) => {
      const reply = await admin.xhr('PUT', `/api/v1/admin/announcements/${scheduledId}`, { title: '題', body: '本文', ...change });
      expect(reply.json()).toMatchObject({ status: 400, code: 'VALIDATION_FAILED', field });
      expect((await admin.xhr('GET', `/api/v1/admin/announcements/${scheduledId}`)).json()).toMatchObject({ title: '予約のお知らせ' });
    });

    it('answers 404 for an edit of an unknown or malformed id', async () => {
      for (const bad of [randomUUID(), 'not-a-uuid']) {
        expect((await admin.xhr('PUT', `/api/v1/admin/announcements/${bad}`, { title: '題', body: '本文' })).json()).toMatchObject({ status: 404, code: 'NOT_FOUND' });
        expect((await admin.xhr('POST', `/api/v1/admin/announcements/${bad}/unpublish`)).json()).toMatchObject({ status: 404, code: 'NOT_FOUND' });
      }
    });

    it('reschedules a scheduled one: it goes live and is pushed at the new time', async () => {
      const publishAt = new Date(Date.now() + 3_000);
      const toldAt = noticeWithin(learnerSocket, 'announcements.changed', 15_000).then(() => Date.now());
      const reply = await admin.xhr('PUT', `/api/v1/admin/announcements/${scheduledId}`, { title: '予約のお知らせ', body: '前倒し', publishAt: publishAt.toISOString() });
      expect(reply.json()).toMatchObject({ status: 'scheduled', publishAt: publishAt.toISOString() });
      const { rows } = await database.query(`select data from events where type = 'AnnouncementEdited' and stream_id = $1`, [scheduledId]);
      expect(rows[0].data.rescheduledFrom).toEqual(expect.any(String));
      expect(((await learner.xhr('GET', '/api/v1/announcements/')).json() as FeedPage).items.map((item) => item.id)).not.toContain(scheduledId);

      // Pushed by the delayed job at the new time (the old time is an hour away), not by the edit.
      expect(await toldAt).toBeGreaterThanOrEqual(publishAt.getTime() - 50);
      expect(((await learner.xhr('GET', '/api/v1/announcements/')).json() as FeedPage).items.map((item) => item.id)).toContain(scheduledId);
      expect((await admin.xhr('GET', `/api/v1/admin/announcements/${scheduledId}`)).json()).toMatchObject({ status: 'published' });
    });

    it('unpublishes: gone for learners, everyone told, the same answer when repeated, and no more edits', async () => {
      const told = noticeWithin(otherSocket, 'announcements.changed');
      const first = await admin.xhr('POST', `/api/v1/admin/announcements/${liveId}/unpublish`);
      expect(first.status).toBe(200);
      expect(first.json()).toMatchObject({ announcementId: liveId, status: 'unpublished', unpublishedAt: expect.any(String) });
      await told;

      const list: FeedPage = (await learner.xhr('GET', '/api/v1/announcements/')).json();
      expect(list.items.map((item) => item.id)).toEqual([scheduledId]);
      expect((await learner.xhr('GET', `/api/v1/announcements/${liveId}`)).json()).toMatchObject({ status: 404, code: 'NOT_FOUND' });

      const again = await admin.xhr('POST', `/api/v1/admin/announcements/${liveId}/unpublish`);
      expect(again.json()).toEqual(first.json());
      expect((await database.query(`select 1 from events where type = 'AnnouncementUnpublished' and stream_id = $1`, [liveId])).rowCount).toBe(1);

      expect((await admin.xhr('PUT', `/api/v1/admin/announcements/${liveId}`, { title: '題', body: '本文' })).json()).toEqual({
        status: 404,
        code: 'NOT_FOUND',
        message: 'このお知らせは取り下げ済みです',
      });
      expect(((await admin.xhr('GET', '/api/v1/admin/announcements')).json() as AdminAnnouncementPage).items.find((item) => item.announcementId === liveId)).toMatchObject({
        status: 'unpublished',
      });
    });
  });

  describe('targeted notifications', () => {
    it('messages the demo learner by e-mail: the notification is in their feed and their pages are told', async () => {
      const told = noticeWithin(learnerSocket, 'unread.changed');
      const sent = await admin.xhr('POST', '/api/v1/admin/notifications', {
        title: '受講のご案内',
        body: 'お手続きをお願いします。',
        link: '/mypage/profile',
        target: { kind: 'user', email: ' LEARNER@example.com ' },
      });
      expect(sent.status).toBe(201);
      expect(sent.json()).toEqual({ messageId: expect.any(String), recipientCount: 1 });
      expect(await told).toEqual({ hasUnreadNotifications: true, hasUnreadAnnouncements: expect.any(Boolean) });
      const feed: FeedPage = (await learner.xhr('GET', '/api/v1/notifications/')).json();
      expect(feed.items[0]).toMatchObject({ title: '受講のご案内', body: 'お手続きをお願いします。', link: '/mypage/profile', isRead: false });
      expect(((await other.xhr('GET', '/api/v1/notifications/')).json() as FeedPage).total).toBe(0);
    });

    it.each([
      [{ target: { kind: 'user', email: 'nobody@example.com' } }, 404, 'target.email'],
      [{ target: { kind: 'user', email: 'not-an-email' } }, 400, 'target.email'],
      [{ target: { kind: 'group' } }, 400, 'target.kind'],
      [{ target: { kind: 'segment', segment: 'everyone' } }, 400, 'target.segment'],
      [{ target: { kind: 'segment', segment: 'badge-holders', courseSlug: 'no-such-course' } }, 400, 'target.courseSlug'],
      [{ target: null }, 400, 'target'],
      [{ title: '' }, 400, 'title'],
      [{ link: 'javascript:alert(1)' }, 400, 'link'],
      [{ messageId: 'not-a-uuid' }, 400, 'messageId'],
    ])('refuses %j with %i naming %s, and records nothing', async (change, status, field) => {
      const body = { title: '題', body: '本文', target: { kind: 'segment', segment: 'all-learners' }, ...change };
      const reply = (await admin.xhr('POST', '/api/v1/admin/notifications', body)).json();
      expect(reply).toMatchObject({ status, field });
      if (status === 404) expect(reply).toMatchObject({ code: 'NOT_FOUND', message: 'このメールアドレスの学習者が見つかりません' });
      expect((await database.query(`select 1 from events where type = 'AdminMessageSent'`)).rowCount).toBe(1);
    });

    it.each([
      ['', 'segment'],
      ['segment=everyone', 'segment'],
      ['segment=badge-holders&courseSlug=nope', 'courseSlug'],
    ])('refuses a recipient count for ?%s naming %s', async (query, field) => {
      expect((await admin.xhr('GET', `/api/v1/admin/notifications/recipients?${query}`)).json()).toMatchObject({ status: 400, code: 'VALIDATION_FAILED', field });
    });

    it('reaches the badge holders only, as many as were counted, and a repeated delivery adds nothing', async () => {
      await setBadge(learnerId, basicId, new Date(Date.now() + 400 * DAY));
      // Just before the Tokyo month ends: this month's expiring segment.
      await setBadge(otherId, basicId, new Date(startOfNextTokyoMonth(new Date()).getTime() - 60_000));
      const count = async (query: string) => (await admin.xhr('GET', `/api/v1/admin/notifications/recipients?${query}`)).json().recipientCount;
      expect(await count('segment=all-learners')).toBe(3);
      expect(await count('segment=badge-holders')).toBe(2);
      expect(await count('segment=badge-holders&courseSlug=line-ads-basic')).toBe(2);
      expect(await count('segment=badge-holders&courseSlug=line-ads-advanced')).toBe(0);
      expect(await count('segment=badge-expiring-this-month')).toBe(1);

      const told = noticeWithin(otherSocket, 'unread.changed');
      const sent = (await admin.xhr('POST', '/api/v1/admin/notifications', { title: 'バッジ保有者の皆さまへ', body: '本文', target: { kind: 'segment', segment: 'badge-holders' } })).json();
      expect(sent.recipientCount).toBe(2);
      expect(await told).toMatchObject({ hasUnreadNotifications: true });
      const delivered = await eventually(
        async () => (await database.query(`select user_id from notifications where kind = 'admin-message' and title = 'バッジ保有者の皆さまへ'`)).rows.map((row) => row.user_id).sort(),
        (rows) => rows.length >= 2,
      );
      expect(delivered).toEqual([learnerId, otherId].sort());
      expect(await notificationsOf(plainId, 'admin-message')).toEqual([]);

      // The outbox delivered it once; deliver the same event again.
      const row: EventRow = (await database.query(`select * from events where type = 'AdminMessageSent' and stream_id = $1`, [sent.messageId])).rows[0];
      await campus.worker!.get(NotifyRecipientsWhenAdminMessageSentHandler).handle(toStoredEvent(row));
      expect((await database.query(`select 1 from notifications where source_event_id = $1`, [row.id])).rowCount).toBe(2);
      expect((await database.query(`select 1 from events where type = 'NotificationCreated' and data->>'sourceEventId' = $1`, [row.id])).rowCount).toBe(2);
    });
  });

  describe('a message sent again with the same messageId', () => {
    it('is recorded and delivered once, and both sends answer the same', async () => {
      const body = { title: '一度だけ届くご案内', body: '本文', target: { kind: 'user', email: 'learner@example.com' }, messageId: randomUUID() };
      const first = await admin.xhr('POST', '/api/v1/admin/notifications', body);
      const again = await admin.xhr('POST', '/api/v1/admin/notifications', body);
      expect(first.json()).toEqual({ messageId: body.messageId, recipientCount: 1 });
      expect(again.status).toBe(first.status);
      expect(again.json()).toEqual(first.json());
      expect((await database.query(`select 1 from events where type = 'AdminMessageSent' and stream_id = $1`, [body.messageId])).rowCount).toBe(1);
      const delivered = await eventually(
        async () => (await database.query(`select user_id from notifications where title = $1`, [body.title])).rows.map((row) => row.user_id),
        (rows) => rows.length >= 1,
      );
      expect(delivered).toEqual([learnerId]);
    });
  });

  describe('badge expiry reminders', () => {
    const remind = () => campus.worker!.get(RemindLearnersWhenBadgeExpiringHandler).handle();

    it('is scheduled by the worker daily at 09:00 Tokyo time', async () => {
      const scheduler = await campus.worker!.get(JobQueue).queue.getJobScheduler('remind-learners-when-badge-expiring');
      expect(scheduler).toMatchObject({ pattern: '0 9 * * *', tz: 'Asia/Tokyo' });
      expect(scheduler!.next).toBeGreaterThan(Date.now());
      // And once at start, through the real dispatcher, so a worker that was down catches up.
      const startRuns = (await campus.worker!.get(JobQueue).queue.getJobs(['completed', 'failed', 'active', 'waiting'])).filter((job) =>
        job.id?.startsWith('remind-learners-when-badge-expiring@start@'),
      );
      expect(startRuns).toHaveLength(1);
      expect(await eventually(() => startRuns[0]!.getState(), (state) => state === 'completed')).toBe('completed');
    });

    it('reminds of a badge expiring in 10 days exactly once, again once renewed, and never of one 60 days away', async () => {
      await setBadge(learnerId, advancedId, new Date(Date.now() + 10 * DAY));
      await setBadge(plainId, advancedId, new Date(Date.now() + 60 * DAY));
      const told = noticeWithin(learnerSocket, 'unread.changed');
      await remind();
      await remind();
      expect(await told).toMatchObject({ hasUnreadNotifications: true });
      const reminders = await notificationsOf(learnerId, 'badge-expiring');
      expect(reminders).toEqual([
        expect.objectContaining({ title: '「LINE広告 Advanced」のスキルバッジの有効期限が近づいています', link: '/lineyahoo-marketing-skill-badge/courses/line-ads-advanced' }),
      ]);
      expect(((await learner.xhr('GET', '/api/v1/notifications/')).json() as FeedPage).items[0]).toMatchObject({ title: reminders[0].title, isRead: false });
      expect(await notificationsOf(plainId, 'badge-expiring')).toEqual([]);
      expect((await database.query(`select 1 from events where type = 'BadgeExpiryReminded' and stream_id = $1`, [`${learnerId}:${advancedId}`])).rowCount).toBe(1);

      await setBadge(learnerId, advancedId, new Date(Date.now() + 20 * DAY));
      await remind();
      await remind();
      expect(await notificationsOf(learnerId, 'badge-expiring')).toHaveLength(2);
      expect(await notificationsOf(plainId, 'badge-expiring')).toEqual([]);
    });
  });
});
