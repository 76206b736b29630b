import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Client } from 'pg';
import { BrowserLikeClient } from './support/browser-like-client';
import { startCampus } from './support/campus-harness';
import { importDemoPack } from './support/demo-content';
import { type DemoLogin, logInAsDemo } from './support/dev-idp-login';

describe('wish list, course history, badge status and share links', () => {
  const mediaDir = mkdtempSync(path.join(tmpdir(), 'campus-media-'));
  let campus: Awaited<ReturnType<typeof startCampus>>;
  let database: Client;
  let visitor: BrowserLikeClient;
  let alice: BrowserLikeClient;
  let bob: BrowserLikeClient;

  const logIn = (login: DemoLogin, acceptAgreements = true) => logInAsDemo(campus.api.origin, login, { acceptAgreements });
  const eventsOfType = async (type: string) => (await database.query('select data from events where type = $1 order by seq', [type])).rows.map((row) => row.data);
  const slugs = (items: { slug: string }[]) => items.map((item) => item.slug);

  beforeAll(async () => {
    campus = await startCampus({ mediaDir });
    await importDemoPack(campus.database.url, mediaDir);
    database = new Client({ connectionString: campus.database.url });
    await database.connect();
    visitor = new BrowserLikeClient(campus.api.origin);
    alice = await logIn('learner-new');
    bob = await logIn('learner');
  });
  afterAll(async () => {
    await database.end();
    await campus.stop();
    rmSync(mediaDir, { recursive: true, force: true });
  });

  describe('favourites', () => {
    it('asks visitors to log in, and learners to accept the agreements first', async () => {
      expect((await visitor.xhr('PUT', '/api/v1/learning-courses/oa-grow-friends/is-favorite', { value: true })).json()).toMatchObject({ status: 401, code: 'LOGIN_REQUIRED' });
      expect((await visitor.xhr('GET', '/api/v2/favorite-courses/')).status).toBe(401);
      const undecided = await logIn('admin', false);
      expect((await undecided.xhr('PUT', '/api/v1/learning-courses/oa-grow-friends/is-favorite', { value: true })).json()).toMatchObject({
        status: 400,
        code: 'AGREEMENT_REQUIRED',
      });
    });

    it('sets a favourite once however often it is sent, and shows it on the cards', async () => {
      for (let attempt = 0; attempt < 2; attempt += 1) {
        const reply = await alice.xhr('PUT', '/api/v1/learning-courses/oa-grow-friends/is-favorite', { value: true });
        expect(reply.status).toBe(200);
        expect(reply.json()).toEqual({ isFavorite: true });
      }
      expect(await eventsOfType('CourseFavoriteSet')).toEqual([expect.objectContaining({ kind: 'learning', slug: 'oa-grow-friends', value: true })]);
      expect((await alice.xhr('GET', '/api/v1/learning-courses/oa-grow-friends')).json()).toMatchObject({ isFavorite: true });
      const favourites = (await alice.xhr('GET', '/api/v1/learning-courses/?isFavorite=true')).json();
      expect(slugs(favourites.items)).toEqual(['oa-grow-friends']);
      expect((await alice.xhr('GET', '/api/v1/learning-courses/?isFavorite=false')).json().total).toBe(11);
    });

    it('keeps each learner’s list their own', async () => {
      expect((await bob.xhr('GET', '/api/v2/favorite-courses/')).json()).toEqual([]);
      expect((await bob.xhr('GET', '/api/v1/learning-courses/oa-grow-friends')).json()).toMatchObject({ isFavorite: false });
      // Bob removing "his" favourite changes nothing for Alice.
      await bob.xhr('PUT', '/api/v1/learning-courses/oa-grow-friends/is-favorite', { value: false });
      expect(slugs((await alice.xhr('GET', '/api/v2/favorite-courses/')).json())).toEqual(['oa-grow-friends']);
      expect((await visitor.xhr('GET', '/api/v1/learning-courses/oa-grow-friends')).json()).toMatchObject({ isFavorite: false });
    });

    it('lists favourites of every kind, newest first, and filters by type', async () => {
      await alice.xhr('PUT', '/api/v1/seminar-courses/oa-store-use-seminar/is-favorite', { value: true });
      await alice.xhr('PUT', '/api/v1/certification-courses/line-ads-basic/is-favorite', { value: true });
      const all = (await alice.xhr('GET', '/api/v2/favorite-courses/')).json();
      expect(slugs(all)).toEqual(['line-ads-basic', 'oa-store-use-seminar', 'oa-grow-friends']);
      expect(all[0]).toMatchObject({ kind: 'certification', isFavorite: true, path: '/lineyahoo-marketing-skill-badge/courses/line-ads-basic' });
      expect(slugs((await alice.xhr('GET', '/api/v2/favorite-courses/?type=seminar')).json())).toEqual(['oa-store-use-seminar']);

      await alice.xhr('PUT', '/api/v1/seminar-courses/oa-store-use-seminar/is-favorite', { value: false });
      expect(slugs((await alice.xhr('GET', '/api/v2/favorite-courses/')).json())).toEqual(['line-ads-basic', 'oa-grow-friends']);
    });

    it.each([
      [{ value: 'yes' }, 'value'],
      [{}, 'value'],
      [[true], 'body'],
    ])('answers 400 naming the field for the body %j', async (body, field) => {
      const reply = await alice.xhr('PUT', '/api/v1/learning-courses/oa-grow-friends/is-favorite', body);
      expect(reply.status).toBe(400);
      expect(reply.json()).toMatchObject({ code: 'VALIDATION_FAILED', field });
    });

    it('answers 404 for a course that does not exist or is of another kind, and 400 for a bad type', async () => {
      expect((await alice.xhr('PUT', '/api/v1/learning-courses/no-such-course/is-favorite', { value: true })).status).toBe(404);
      expect((await alice.xhr('PUT', '/api/v1/seminar-courses/oa-grow-friends/is-favorite', { value: true })).status).toBe(404);
      expect((await alice.xhr('GET', '/api/v2/favorite-courses/?type=video')).json()).toMatchObject({ status: 400, field: 'type' });
    });
  });

  describe('course history', () => {
    it('records visits as events and lists the most recent first, 3 by default', async () => {
      for (const [kind, slug] of [
        ['learning', 'line-ads-basics'],
        ['seminar', 'line-ads-kickoff-seminar'],
        ['learning', 'yahoo-search-ads-basics'],
        ['certification', 'line-official-account-basic'],
        ['learning', 'line-ads-basics'],
      ]) {
        const reply = await bob.xhr('PUT', `/api/v1/${kind}-courses/${slug}/mark-as-visited`);
        expect(reply.status).toBe(200);
        expect(Date.parse(reply.json().visitedAt)).not.toBeNaN();
      }
      expect((await eventsOfType('CourseVisited')).filter((event) => event.slug === 'line-ads-basics')).toHaveLength(2);
      const history = (await bob.xhr('GET', '/api/v2/course-history/')).json();
      expect(history.total).toBe(4);
      expect(slugs(history.items)).toEqual(['line-ads-basics', 'line-official-account-basic', 'yahoo-search-ads-basics']);
      expect(slugs((await bob.xhr('GET', '/api/v2/course-history/?limit=3&offset=3')).json().items)).toEqual(['line-ads-kickoff-seminar']);
      expect(slugs((await bob.xhr('GET', '/api/v2/course-history/?type=learning&limit=10')).json().items)).toEqual(['line-ads-basics', 'yahoo-search-ads-basics']);
      expect((await alice.xhr('GET', '/api/v2/course-history/')).json()).toEqual({ items: [], total: 0 });
    });

    it('treats visited courses as started for the "not taken" filter', async () => {
      const notTaken = (await bob.xhr('GET', '/api/v1/learning-courses/?isStarted=false&program=AD')).json();
      expect(slugs(notTaken.items)).not.toContain('line-ads-basics');
      expect(notTaken.total).toBe(3);
      expect(slugs((await bob.xhr('GET', '/api/v1/learning-courses/?isStarted=true')).json().items)).toEqual(['line-ads-basics', 'yahoo-search-ads-basics']);
    });

    it('narrows the history to courses under way with inProgress=true: a lesson done, not all of them', async () => {
      const underway = async () => (await bob.xhr('GET', '/api/v2/course-history/?inProgress=true&limit=1')).json();
      // Visited, nothing done: no course is under way (the top page's 続きから学ぶ showed one at 0 / 4).
      expect(await underway()).toEqual({ items: [], total: 0 });
      expect((await bob.xhr('PUT', '/api/v1/learning-courses/yahoo-search-ads-basics/lessons/what-is-search-ads/mark-as-completed')).status).toBe(200);
      // Done to the end: nothing left to continue.
      expect((await bob.xhr('PUT', '/api/v1/seminar-courses/line-ads-kickoff-seminar/lesson/mark-as-completed')).status).toBe(200);
      const { items, total } = await underway();
      expect(total).toBe(1);
      expect(items).toEqual([expect.objectContaining({ slug: 'yahoo-search-ads-basics', lessonCount: 4, completedLessonCount: 1 })]);
      // The history itself still lists every course visited, under way or not.
      expect((await bob.xhr('GET', '/api/v2/course-history/')).json().total).toBe(4);
    });

    it.each([
      ['?inProgress=yes', 'inProgress'],
      ['?limit=0', 'limit'],
      ['?limit=51', 'limit'],
      ['?offset=-1', 'offset'],
      ['?offset=x', 'offset'],
      ['?type=everything', 'type'],
    ])('answers 400 naming the parameter for %s', async (query, field) => {
      const reply = await bob.xhr('GET', `/api/v2/course-history/${query}`);
      expect(reply.status).toBe(400);
      expect(reply.json()).toMatchObject({ code: 'VALIDATION_FAILED', field });
    });

    it('asks visitors to log in for their own filters', async () => {
      expect((await visitor.xhr('GET', '/api/v1/learning-courses/?isStarted=false')).json()).toMatchObject({ status: 401, code: 'LOGIN_REQUIRED' });
      expect((await visitor.xhr('PUT', '/api/v1/learning-courses/line-ads-basics/mark-as-visited')).status).toBe(401);
      expect((await bob.xhr('GET', '/api/v1/learning-courses/?isFavorite=yes')).json()).toMatchObject({ status: 400, field: 'isFavorite' });
    });
  });

  describe('seminar, video and certification courses', () => {
    it('lists seminars and videos by program and returns one with its lesson', async () => {
      expect(slugs((await visitor.xhr('GET', '/api/v1/seminar-courses/?program=OA')).json()).sort()).toEqual(['oa-segment-step-seminar', 'oa-store-use-seminar']);
      expect((await visitor.xhr('GET', '/api/v1/seminar-courses/')).json()).toHaveLength(6);
      const seminar = (await visitor.xhr('GET', '/api/v1/seminar-courses/line-ads-kickoff-seminar')).json();
      expect(seminar).toMatchObject({ kind: 'seminar', program: 'AD', lessonCount: 1, path: '/line-ads/courses/line-ads-kickoff-seminar' });
      const videos = (await visitor.xhr('GET', '/api/v1/video-courses/?program=Y_ADS')).json();
      expect(videos).toHaveLength(3);
      expect(videos[0].path).toMatch(/^\/learn-with-video\/yahoo-ads\/courses\//);
      expect((await visitor.xhr('GET', `/api/v1/video-courses/${videos[0].slug}`)).json().lessons[0]).toMatchObject({ kind: 'video' });
      expect((await visitor.xhr('GET', '/api/v1/seminar-courses/?program=XX')).json()).toMatchObject({ status: 400, field: 'program' });
    });

    it('gives each certification course the learner’s badge status', async () => {
      const courses = (await visitor.xhr('GET', '/api/v1/certification-courses/')).json();
      expect(slugs(courses)).toHaveLength(8);
      expect(courses.every((course: { badgeStatus: string }) => course.badgeStatus === 'unavailable')).toBe(true);

      await database.query(
        `insert into badges (user_id, course_id, awarded_at, expires_at)
         select u.id, c.id, now() - interval '400 days', now() - interval '35 days' from users u, courses c where u.subject = 'demo-learner' and c.slug = 'line-ads-basic'
         union all
         select u.id, c.id, now() - interval '10 days', now() + interval '355 days' from users u, courses c where u.subject = 'demo-learner' and c.slug = 'line-official-account-basic'`,
      );
      const status = Object.fromEntries((await bob.xhr('GET', '/api/v1/certification-courses/')).json().map((course: { slug: string; badgeStatus: string }) => [course.slug, course.badgeStatus]));
      expect(status).toMatchObject({ 'line-official-account-basic': 'available', 'line-ads-basic': 'expired', 'yahoo-ads-searchads-basic': 'unavailable' });
      expect((await alice.xhr('GET', '/api/v1/certification-courses/line-official-account-basic')).json().badgeStatus).toBe('unavailable');

      const advanced = (await bob.xhr('GET', '/api/v1/certification-courses/line-official-account-advanced')).json();
      expect(advanced).toMatchObject({ requiresSlug: 'line-official-account-basic', badgeStatus: 'unavailable', label: 'LINE公式アカウント Advanced' });
      expect(advanced.exam.questionCount).toBeGreaterThan(0);
      expect(advanced.lessons.length).toBeGreaterThanOrEqual(3);
      expect((await bob.xhr('GET', '/api/v1/certification-courses/line-official-account-basic')).json()).toMatchObject({ requiresSlug: null, badgeStatus: 'available' });
      expect((await bob.xhr('GET', '/api/v1/certification-courses/no-such-badge')).status).toBe(404);
    });
  });

  describe('short links', () => {
    it('shortens a page of this site to a stable /s/ link that redirects back', async () => {
      const page = `${campus.api.origin}/line-ads/courses/line-ads-basics?utm_source=shared&utm_medium=link`;
      const first = await visitor.xhr('POST', '/api/v1/shorten-url', { value: page });
      expect(first.status).toBe(200);
      expect(first.json().value).toMatch(new RegExp(`^${campus.api.origin}/s/[A-Za-z0-9_-]{8}$`));
      expect((await alice.xhr('POST', '/api/v1/shorten-url', { value: page })).json()).toEqual(first.json());

      const followed = await visitor.request(first.json().value);
      expect(followed.status).toBe(302);
      expect(followed.location).toBe(page);
      expect([200, 404]).toContain((await visitor.request('/s/unknown1')).status);
    });

    it.each([
      [{ value: 'https://example.com/phishing' }, 'value'],
      [{ value: 'not a url' }, 'value'],
      [{ value: 'javascript:alert(1)' }, 'value'],
      [{}, 'value'],
    ])('refuses %j with a 400 naming the field', async (body, field) => {
      const reply = await visitor.xhr('POST', '/api/v1/shorten-url', body);
      expect(reply.status).toBe(400);
      expect(reply.json()).toMatchObject({ code: 'VALIDATION_FAILED', field });
    });
  });
});
