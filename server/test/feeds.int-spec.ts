import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Client } from 'pg';
import { type CampusSocket, openSessionSocket } from './support/campus-socket';
import type { FeedItem, FeedPage } from '../src/contracts/notifications';
import type { ServerToClientEvents } from '../src/contracts/realtime';
import type { StoredEvent } from '../src/database/event-store';
import { NotifyLearnerWhenGradedOrCertifiedHandler } from '../src/modules/notifications/reactions/notify-learner-when-graded-or-certified.handler';
import { BrowserLikeClient } from './support/browser-like-client';
import { startCampus } from './support/campus-harness';
import { importDemoPack } from './support/demo-content';
import { logInAsDemo } from './support/dev-idp-login';

const noticeWithin = <K extends keyof ServerToClientEvents>(socket: CampusSocket, event: K, timeoutMs = 10_000) =>
  new Promise<unknown>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no ${event} within ${timeoutMs} ms`)), timeoutMs);
    socket.once(event as 'unread.changed', (payload?: unknown) => {
      clearTimeout(timer);
      resolve(payload);
    });
  });

describe('feeds: personal notifications and general announcements with live unread flags', () => {
  const mediaDir = mkdtempSync(path.join(tmpdir(), 'campus-media-'));
  let campus: Awaited<ReturnType<typeof startCampus>>;
  let database: Client;
  let learner: BrowserLikeClient;
  let other: BrowserLikeClient;
  let admin: BrowserLikeClient;
  let visitor: BrowserLikeClient;
  let socket: CampusSocket;
  let learnerId: string;
  let courseId: string;

  const connect = (client: BrowserLikeClient) => openSessionSocket(campus.api.origin, client);
  /** The real reaction, fed an ExamGraded event as the outbox would deliver it. */
  const gradeNotice = async (percent: number) => {
    const event: StoredEvent = {
      seq: 0,
      id: randomUUID(),
      streamType: 'exam-session',
      streamId: randomUUID(),
      version: 3,
      type: 'ExamGraded',
      data: { userId: learnerId, courseId, passed: false, percent, correct: 1, total: 10 },
      meta: { actorId: null, requestId: null, correlationId: randomUUID(), causationId: null },
      occurredAt: new Date().toISOString(),
    };
    await campus.worker!.get(NotifyLearnerWhenGradedOrCertifiedHandler).handle(event);
  };

  beforeAll(async () => {
    campus = await startCampus({ mediaDir, worker: true });
    await importDemoPack(campus.database.url, mediaDir);
    database = new Client({ connectionString: campus.database.url });
    await database.connect();
    learner = await logInAsDemo(campus.api.origin, 'learner');
    other = await logInAsDemo(campus.api.origin, 'learner-new');
    admin = await logInAsDemo(campus.api.origin, 'admin');
    visitor = new BrowserLikeClient(campus.api.origin);
    learnerId = (await database.query(`select id from users where subject = 'demo-learner'`)).rows[0].id;
    courseId = (await database.query(`select id from courses where slug = 'line-ads-basic'`)).rows[0].id;
    socket = await connect(learner);
  });
  afterAll(async () => {
    socket?.disconnect();
    await database?.end();
    await campus?.stop();
    rmSync(mediaDir, { recursive: true, force: true });
    rmSync(`${mediaDir}-certificates`, { recursive: true, force: true });
  });

  describe('personal notifications', () => {
    it('starts empty, then lists the notifications made by the real reaction newest first, paged with a total', async () => {
      expect((await learner.xhr('GET', '/api/v1/notifications/')).json()).toEqual({ items: [], total: 0, limit: 20, offset: 0 });
      const pushed = noticeWithin(socket, 'unread.changed');
      for (let percent = 1; percent <= 23; percent += 1) await gradeNotice(percent);
      expect(await pushed).toEqual({ hasUnreadNotifications: true, hasUnreadAnnouncements: false });
      expect((await learner.xhr('GET', '/api/v1/has-unread/')).json()).toEqual({ hasUnreadNotifications: true, hasUnreadAnnouncements: false });

      const first: FeedPage = (await learner.xhr('GET', '/api/v1/notifications/')).json();
      expect(first).toMatchObject({ total: 23, limit: 20, offset: 0 });
      expect(first.items).toHaveLength(20);
      expect(first.items[0]).toMatchObject({ isRead: false, link: '/lineyahoo-marketing-skill-badge/courses/line-ads-basic/exam-result' });
      expect(first.items[0]!.body).toContain('23%');
      const publishedAt = first.items.map((item) => item.publishedAt);
      expect([...publishedAt].sort().reverse()).toEqual(publishedAt);

      const rest: FeedPage = (await learner.xhr('GET', '/api/v1/notifications/?limit=20&offset=20')).json();
      expect(rest).toMatchObject({ total: 23, limit: 20, offset: 20 });
      expect(rest.items.map((item) => item.body)).toEqual([expect.stringContaining('3%'), expect.stringContaining('2%'), expect.stringContaining('1%')]);
      const small: FeedPage = (await learner.xhr('GET', '/api/v1/notifications/?limit=5&offset=2')).json();
      expect(small.items.map((item) => item.id)).toEqual(first.items.slice(2, 7).map((item) => item.id));

      expect((await other.xhr('GET', '/api/v1/notifications/')).json()).toMatchObject({ items: [], total: 0 });
    });

    it.each([
      ['limit=0', 'limit'],
      ['limit=101', 'limit'],
      ['limit=abc', 'limit'],
      ['limit=1.5', 'limit'],
      ['offset=-1', 'offset'],
      ['offset=x', 'offset'],
    ])('answers 400 VALIDATION_FAILED naming the field for ?%s', async (query, field) => {
      for (const feed of ['notifications', 'announcements']) {
        const reply = await learner.xhr('GET', `/api/v1/${feed}/?${query}`);
        expect(reply.status).toBe(400);
        expect(reply.json()).toMatchObject({ status: 400, code: 'VALIDATION_FAILED', field });
        expect(reply.json().message).toContain(field);
      }
    });

    it('refuses visitors and shows a notification to its owner only (404, never 500, otherwise)', async () => {
      expect((await visitor.xhr('GET', '/api/v1/notifications/')).json()).toMatchObject({ status: 401, code: 'LOGIN_REQUIRED' });
      expect((await visitor.xhr('PUT', '/api/v1/notifications/mark-as-read')).status).toBe(401);
      const [item] = ((await learner.xhr('GET', '/api/v1/notifications/?limit=1')).json() as FeedPage).items;
      expect((await other.xhr('GET', `/api/v1/notifications/${item!.id}`)).json()).toMatchObject({ status: 404, code: 'NOT_FOUND' });
      for (const bad of ['not-a-uuid', randomUUID(), '%E8%AA%8D', "1'or'1'='1", 'a'.repeat(300)]) {
        expect((await learner.xhr('GET', `/api/v1/notifications/${bad}`)).json()).toMatchObject({ status: 404, code: 'NOT_FOUND' });
      }
    });

    it('reads one notification when it is viewed, with an event and a push', async () => {
      const [item] = ((await learner.xhr('GET', '/api/v1/notifications/?limit=1')).json() as FeedPage).items;
      const pushed = noticeWithin(socket, 'unread.changed');
      const viewed = await learner.xhr('GET', `/api/v1/notifications/${item!.id}`);
      expect(viewed.status).toBe(200);
      expect(viewed.json()).toEqual({ ...item, isRead: true });
      expect(await pushed).toEqual({ hasUnreadNotifications: true, hasUnreadAnnouncements: false });
      const { rows } = await database.query(`select data from events where type = 'NotificationsRead' and stream_id = $1`, [learnerId]);
      expect(rows.map((row) => row.data.notificationIds)).toEqual([[item!.id]]);
      // Viewing again is not a new fact.
      await learner.xhr('GET', `/api/v1/notifications/${item!.id}`);
      expect((await database.query(`select 1 from events where type = 'NotificationsRead'`)).rowCount).toBe(1);
    });

    it('marks all read: one event, the flag cleared and pushed to the learner’s room', async () => {
      const pushed = noticeWithin(socket, 'unread.changed');
      const marked = await learner.xhr('PUT', '/api/v1/notifications/mark-as-read');
      expect(marked.status).toBe(200);
      expect(marked.json()).toEqual({ markedCount: 22 });
      expect(await pushed).toEqual({ hasUnreadNotifications: false, hasUnreadAnnouncements: false });
      expect((await learner.xhr('GET', '/api/v1/has-unread/')).json()).toEqual({ hasUnreadNotifications: false, hasUnreadAnnouncements: false });
      expect(((await learner.xhr('GET', '/api/v1/notifications/?limit=100')).json() as FeedPage).items.every((item) => item.isRead)).toBe(true);
      const { rows } = await database.query(`select version, data from events where type = 'NotificationsRead' and stream_id = $1 order by version`, [learnerId]);
      expect(rows.map((row) => [row.version, row.data.notificationIds.length])).toEqual([
        [1, 1],
        [2, 22],
      ]);
      expect((await learner.xhr('PUT', '/api/v1/notifications/mark-as-read')).json()).toEqual({ markedCount: 0 });
    });
  });

  describe('announcements', () => {
    let announcementId: string;

    it('refuses learners and visitors on the admin route, and checks the admin’s input', async () => {
      const body = { title: 'メンテナンスのお知らせ', body: '本文' };
      expect((await learner.xhr('POST', '/api/v1/admin/announcements', body)).json()).toMatchObject({ status: 403, code: 'FORBIDDEN' });
      expect((await visitor.xhr('POST', '/api/v1/admin/announcements', body)).status).toBe(401);
      const refused = async (extra: object) => (await admin.xhr('POST', '/api/v1/admin/announcements', { ...body, ...extra })).json();
      expect(await refused({ title: 'あ'.repeat(101) })).toMatchObject({ status: 400, code: 'VALIDATION_FAILED', field: 'title' });
      expect(await refused({ body: 'あ'.repeat(5001) })).toMatchObject({ status: 400, field: 'body' });
      expect(await refused({ link: 'https://evil.example/' })).toMatchObject({ status: 400, field: 'link' });
      expect(await refused({ link: '//evil.example/' })).toMatchObject({ status: 400, field: 'link' });
      expect(await refused({ publishAt: 'tomorrow' })).toMatchObject({ status: 400, field: 'publishAt' });
      expect(await refused({ publishAt: new Date(Date.now() - 10 * 60_000).toISOString() })).toMatchObject({ status: 400, field: 'publishAt' });
      expect(await refused({ extra: 1 })).toMatchObject({ status: 400, field: 'extra' });
    });

    it('publishes at once: everyone is told, the learner has unread, the list shows it to learners and visitors', async () => {
      const visitorSocket = await connect(visitor).catch(() => null);
      const pushed = noticeWithin(socket, 'announcements.changed');
      const published = await admin.xhr('POST', '/api/v1/admin/announcements', { title: 'メンテナンスのお知らせ', body: '12月1日 2:00〜4:00 は\nご利用いただけません。', link: '/notifications/general' });
      expect(published.status).toBe(201);
      expect(published.json()).toMatchObject({ isPublished: true });
      announcementId = published.json().announcementId;
      await pushed;
      visitorSocket?.disconnect();
      expect((await database.query(`select 1 from events where type = 'AnnouncementPublished' and stream_id = $1`, [announcementId])).rowCount).toBe(1);

      expect((await learner.xhr('GET', '/api/v1/has-unread/')).json()).toEqual({ hasUnreadNotifications: false, hasUnreadAnnouncements: true });
      const list: FeedPage = (await learner.xhr('GET', '/api/v1/announcements/')).json();
      expect(list).toMatchObject({ total: 1, limit: 20, offset: 0 });
      expect(list.items[0]).toMatchObject({ id: announcementId, title: 'メンテナンスのお知らせ', link: '/notifications/general', isRead: false });
      expect(((await visitor.xhr('GET', '/api/v1/announcements/')).json() as FeedPage).items).toEqual([{ ...list.items[0], isRead: false }]);
      expect((await visitor.xhr('GET', `/api/v1/announcements/${announcementId}`)).json()).toEqual({ ...list.items[0], isRead: false });
      expect((await visitor.xhr('PUT', '/api/v1/announcements/mark-as-read')).status).toBe(401);
    });

    it('does not list a scheduled announcement before its time', async () => {
      const later = await admin.xhr('POST', '/api/v1/admin/announcements', { title: '来月の新コース', body: '公開予定', publishAt: new Date(Date.now() + 3_600_000).toISOString() });
      expect(later.status).toBe(201);
      expect(later.json()).toMatchObject({ isPublished: false });
      expect(((await learner.xhr('GET', '/api/v1/announcements/')).json() as FeedPage).items.map((item) => item.id)).toEqual([announcementId]);
      expect((await learner.xhr('GET', `/api/v1/announcements/${later.json().announcementId}`)).status).toBe(404);
      expect((await learner.xhr('GET', '/api/v1/announcements/not-a-uuid')).json()).toMatchObject({ status: 404, code: 'NOT_FOUND' });
    });

    it('marks all read: the flag clears and the learner’s room is told', async () => {
      const pushed = noticeWithin(socket, 'unread.changed');
      expect((await learner.xhr('PUT', '/api/v1/announcements/mark-as-read')).json()).toEqual({ markedCount: 1 });
      expect(await pushed).toEqual({ hasUnreadNotifications: false, hasUnreadAnnouncements: false });
      expect((await learner.xhr('GET', '/api/v1/has-unread/')).json()).toEqual({ hasUnreadNotifications: false, hasUnreadAnnouncements: false });
      const [item]: FeedItem[] = ((await learner.xhr('GET', '/api/v1/announcements/')).json() as FeedPage).items;
      expect(item).toMatchObject({ id: announcementId, isRead: true });
      expect((await database.query(`select 1 from announcement_reads where user_id = $1`, [learnerId])).rowCount).toBe(1);
      expect((await learner.xhr('PUT', '/api/v1/announcements/mark-as-read')).json()).toEqual({ markedCount: 0 });
    });

    it('reads an announcement when a learner views it', async () => {
      const published = await admin.xhr('POST', '/api/v1/admin/announcements', { title: '新機能', body: '本文' });
      const id = published.json().announcementId;
      expect((await other.xhr('GET', '/api/v1/has-unread/')).json()).toMatchObject({ hasUnreadAnnouncements: true });
      expect((await other.xhr('GET', `/api/v1/announcements/${id}`)).json()).toMatchObject({ id, isRead: true });
      // The first announcement, published after their account was made, is still unread for them.
      expect((await other.xhr('GET', '/api/v1/has-unread/')).json()).toMatchObject({ hasUnreadAnnouncements: true });
      expect((await other.xhr('PUT', '/api/v1/announcements/mark-as-read')).json()).toEqual({ markedCount: 1 });
      expect((await other.xhr('GET', '/api/v1/has-unread/')).json()).toMatchObject({ hasUnreadAnnouncements: false });
    });
  });
});
