import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Client } from 'pg';
import { BrowserLikeClient } from './support/browser-like-client';
import { startCampus } from './support/campus-harness';
import { importDemoPack } from './support/demo-content';
import { type DemoLogin, logInAsDemo } from './support/dev-idp-login';

/** A stand-in for a remote storage host: ranges, redirects, an oversized file. */
function startStorageHost() {
  const file = Buffer.alloc(800, 7);
  const server = http.createServer((request, response) => {
    const port = (server.address() as AddressInfo).port;
    if (request.url === '/video.mp4') {
      const range = /bytes=(\d+)-(\d+)/.exec(request.headers.range ?? '');
      if (range) {
        const [start, end] = [Number(range[1]), Number(range[2])];
        response.writeHead(206, { 'content-type': 'video/mp4', 'content-range': `bytes ${start}-${end}/${file.length}`, 'content-length': end - start + 1, 'accept-ranges': 'bytes' });
        return response.end(file.subarray(start, end + 1));
      }
      response.writeHead(200, { 'content-type': 'video/mp4', 'content-length': file.length, 'accept-ranges': 'bytes', 'set-cookie': 'tracker=1' });
      return response.end(file);
    }
    if (request.url === '/hop') return response.writeHead(302, { location: `http://localhost:${port}/video.mp4` }).end();
    if (request.url === '/away') return response.writeHead(302, { location: 'https://evil.example.com/x' }).end();
    if (request.url === '/huge') return response.writeHead(200, { 'content-type': 'application/octet-stream', 'content-length': 5000 }).end(Buffer.alloc(5000));
    response.writeHead(404).end();
  });
  return new Promise<{ origin: string; close(): Promise<void> }>((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({ origin: `http://localhost:${(server.address() as AddressInfo).port}`, close: () => new Promise((done) => server.close(() => done())) }),
    ),
  );
}

describe('lessons, completion, reviews, questionnaire and the download proxy', () => {
  const mediaDir = mkdtempSync(path.join(tmpdir(), 'campus-media-'));
  let storage: Awaited<ReturnType<typeof startStorageHost>>;
  let campus: Awaited<ReturnType<typeof startCampus>>;
  let database: Client;
  let visitor: BrowserLikeClient;
  let learner: BrowserLikeClient;

  const logIn = (login: DemoLogin) => logInAsDemo(campus.api.origin, login);
  const count = async (type: string) => Number((await database.query('select count(*) from events where type = $1', [type])).rows[0].count);
  const download = (client: BrowserLikeClient, url: string, headers: Record<string, string> = {}) =>
    client.request(`/api/v1/download?url=${encodeURIComponent(url)}`, { headers });

  beforeAll(async () => {
    storage = await startStorageHost();
    campus = await startCampus({
      mediaDir,
      env: { STORAGE_HOSTS: storage.origin, STORAGE_ALLOW_PRIVATE_ADDRESSES: 'true', DOWNLOAD_MAX_BYTES: '1000' },
    });
    await importDemoPack(campus.database.url, mediaDir);
    database = new Client({ connectionString: campus.database.url });
    await database.connect();
    visitor = new BrowserLikeClient(campus.api.origin);
    learner = await logIn('learner');
  });
  afterAll(async () => {
    await database.end();
    await campus.stop();
    await storage.close();
    rmSync(mediaDir, { recursive: true, force: true });
  });

  describe('reading', () => {
    it('returns a lesson with its neighbours and its slides through the download proxy', async () => {
      const lesson = (await visitor.xhr('GET', '/api/v1/learning-courses/line-ads-basics/lessons/account-structure')).json();
      expect(lesson).toMatchObject({ kind: 'slides', position: 2, isCompleted: false, previous: { slug: 'performance-ads' }, next: { slug: 'campaign-objectives' } });
      expect(lesson.course).toMatchObject({ kind: 'learning', slug: 'line-ads-basics', path: '/line-ads/courses/line-ads-basics', lessonCount: 4 });
      // The deck's text, rendered here: its headings start at h2 under the page's title.
      expect(lesson.bodyHtml).toContain('<h2>アカウント構造の全体像</h2>\n<ul>\n<li>LINE広告は階層構造で管理します</li>');
      expect(lesson).not.toHaveProperty('body');
      expect(lesson.pdfUrl).toMatch(/^\/api\/v1\/download\?url=/);
      const pdf = await visitor.request(lesson.pdfUrl);
      expect(pdf.status).toBe(200);
      expect(pdf.headers.get('content-type')).toBe('application/pdf');
      expect(pdf.text.startsWith('%PDF-')).toBe(true);
      // The first slide as a picture, shown until the learner pages: a WebP through the same proxy.
      expect(lesson.slidesPoster).toEqual({ url: expect.stringMatching(/^\/api\/v1\/download\?url=.+poster\.webp$/), width: 1280, height: 720, pageCount: expect.any(Number) });
      expect(lesson.slidesPoster.pageCount).toBeGreaterThan(1);
      const poster = await visitor.request(lesson.slidesPoster.url);
      expect([poster.status, poster.headers.get('content-type')]).toEqual([200, 'image/webp']);
    });

    it('refuses a logged-in-only lesson to a visitor with 403, and shows it to a learner', async () => {
      const url = '/api/v1/learning-courses/targeting-and-audiences/lessons/custom-audiences';
      expect((await visitor.xhr('GET', url)).json()).toMatchObject({ status: 403, code: 'FORBIDDEN' });
      expect((await learner.xhr('GET', url)).status).toBe(200);
    });

    it('serves seminar, video and certification lessons, and a video with range requests', async () => {
      const seminar = (await visitor.xhr('GET', '/api/v1/seminar-courses/line-ads-kickoff-seminar/lesson')).json();
      expect(seminar).toMatchObject({ position: 1, previous: null, next: null, course: { kind: 'seminar', lessonCount: 1 } });
      const video = (await visitor.xhr('GET', '/api/v1/video-courses/search-ads-quick-start/lessons/campaign-setup')).json();
      expect(video.kind).toBe('video');
      const part = await visitor.request(video.videoUrl, { headers: { range: 'bytes=0-99' } });
      expect(part.status).toBe(206);
      expect(part.headers.get('content-type')).toBe('video/mp4');
      expect(part.headers.get('content-range')).toMatch(/^bytes 0-99\/\d+$/);
      const certification = (await visitor.xhr('GET', '/api/v1/certification-courses/line-ads-basic/lessons/')).status;
      expect(certification).toBe(404);
      expect((await visitor.xhr('GET', '/api/v1/learning-courses/line-ads-basics/lessons/nothing')).status).toBe(404);
    });
  });

  describe('completion and the review', () => {
    const complete = (lesson: string) => learner.xhr('PUT', `/api/v1/learning-courses/line-ads-basics/lessons/${lesson}/mark-as-completed`);

    it('asks visitors to log in', async () => {
      expect((await visitor.xhr('PUT', '/api/v1/learning-courses/line-ads-basics/lessons/performance-ads/mark-as-completed')).status).toBe(401);
    });

    it('records each lesson once and completes the course with the first-time review', async () => {
      for (const lesson of ['performance-ads', 'account-structure', 'campaign-objectives']) {
        expect((await complete(lesson)).json()).toMatchObject({ courseCompleted: false, feedbackPopupType: null });
      }
      const again = (await complete('performance-ads')).json();
      expect(again).toEqual({ completedLessonCount: 3, lessonCount: 4, courseCompleted: false, feedbackPopupType: null });
      expect(await count('LessonCompleted')).toBe(3);

      expect((await complete('placements')).json()).toEqual({ completedLessonCount: 4, lessonCount: 4, courseCompleted: true, feedbackPopupType: 'COURSE_COMPLETED_FIRST_TIME' });
      expect(await count('CourseCompleted')).toBe(1);
      const course = (await learner.xhr('GET', '/api/v1/learning-courses/line-ads-basics')).json();
      expect(course).toMatchObject({ completedLessonCount: 4, isStarted: true });
      expect(course.lessons.every((lesson: { isCompleted: boolean }) => lesson.isCompleted)).toBe(true);
      expect((await learner.xhr('GET', '/api/v1/learning-courses/line-ads-basics/lessons/placements')).json().isCompleted).toBe(true);
    });

    it.each([
      [{ feedbackPopupType: 'COURSE_COMPLETED_FIRST_TIME', score: 0 }, 'score'],
      [{ feedbackPopupType: 'COURSE_COMPLETED_FIRST_TIME', score: 6 }, 'score'],
      [{ feedbackPopupType: 'COURSE_COMPLETED_FIRST_TIME', score: 2.5 }, 'score'],
      [{ feedbackPopupType: 'COURSE_COMPLETED_FIRST_TIME' }, 'score'],
      [{ feedbackPopupType: 'COURSE_COMPLETED_FIRST_TIME', score: 4, freetext: 'あ'.repeat(1001) }, 'freetext'],
      [{ feedbackPopupType: 'SOMETIMES', score: 4 }, 'feedbackPopupType'],
    ])('refuses the review %j with a 400 naming the field', async (body, field) => {
      const reply = await learner.xhr('POST', '/api/v1/learning-courses/line-ads-basics/feedback', body);
      expect(reply.status).toBe(400);
      expect(reply.json()).toMatchObject({ code: 'VALIDATION_FAILED', field });
    });

    it('refuses a review of a course the learner has not finished', async () => {
      const reply = await learner.xhr('POST', '/api/v1/learning-courses/oa-grow-friends/feedback', { feedbackPopupType: 'COURSE_COMPLETED_GENERAL', score: 3 });
      expect(reply.status).toBe(400);
      expect(reply.json()).toMatchObject({ code: 'VALIDATION_FAILED', field: 'feedbackPopupType' });
    });

    it('stores a review of up to 1000 characters once per trigger', async () => {
      const body = { feedbackPopupType: 'COURSE_COMPLETED_FIRST_TIME', score: 5, freetext: 'と'.repeat(1000) };
      const first = await learner.xhr('POST', '/api/v1/learning-courses/line-ads-basics/feedback', body);
      expect(first.status).toBe(200);
      const second = await learner.xhr('POST', '/api/v1/learning-courses/line-ads-basics/feedback', { ...body, score: 1 });
      expect(second.json()).toEqual(first.json());
      const { rows } = await database.query('select score, length(freetext) as length from course_feedback');
      expect(rows).toEqual([{ score: 5, length: 1000 }]);
    });

    it('asks for the general review once an earlier course is complete', async () => {
      const seminar = (await learner.xhr('PUT', '/api/v1/seminar-courses/line-ads-kickoff-seminar/lesson/mark-as-completed')).json();
      expect(seminar.courseCompleted).toBe(true);
      expect(['COURSE_COMPLETED_GENERAL', 'COURSE_COMPLETED_ALL_COURSES_IN_A_CATEGORY']).toContain(seminar.feedbackPopupType);
    });
  });

  describe('the lesson questionnaire', () => {
    it('takes answers from visitors and learners', async () => {
      const answer = { courseKind: 'learning', courseSlug: 'line-ads-basics', lessonSlug: 'placements', answers: { useful: true, comment: '具体例が役に立ちました' } };
      expect((await visitor.xhr('POST', '/api/v1/questionnaires/lesson/answers', answer)).status).toBe(200);
      expect((await learner.xhr('POST', '/api/v1/questionnaires/lesson/answers', { ...answer, answers: { useful: false } })).status).toBe(200);
      const { rows } = await database.query('select useful, comment, user_id is not null as by_learner from lesson_questionnaire_answers order by answered_at');
      expect(rows).toEqual([
        { useful: true, comment: '具体例が役に立ちました', by_learner: false },
        { useful: false, comment: null, by_learner: true },
      ]);
    });

    it.each([
      [{ courseKind: 'learning', courseSlug: 'line-ads-basics', lessonSlug: 'placements', answers: { useful: 'yes' } }, 400],
      [{ courseKind: 'learning', courseSlug: 'line-ads-basics', lessonSlug: 'placements', answers: { useful: true, comment: 'x'.repeat(1001) } }, 400],
      [{ courseKind: 'learning', courseSlug: 'line-ads-basics', lessonSlug: 'nothing', answers: { useful: true } }, 404],
    ])('refuses %j', async (body, status) => {
      expect((await visitor.xhr('POST', '/api/v1/questionnaires/lesson/answers', body)).status).toBe(status);
    });
  });

  describe('the download proxy', () => {
    it('passes an approved remote file through with its range, and follows a redirect on the list', async () => {
      const part = await download(visitor, `${storage.origin}/video.mp4`, { range: 'bytes=10-19' });
      expect(part.status).toBe(206);
      expect(part.headers.get('content-range')).toBe('bytes 10-19/800');
      expect(part.headers.get('content-type')).toBe('video/mp4');
      const whole = await download(visitor, `${storage.origin}/hop`);
      expect(whole.status).toBe(200);
      expect(whole.headers.get('set-cookie')).toBeNull();
    });

    it.each([
      ['a redirect off the list', '/away', 502],
      ['a file over the size cap', '/huge', 502],
      ['a missing file', '/missing', 404],
    ])('answers %s with %i', async (_case, file, status) => {
      const reply = await download(visitor, `${storage.origin}${file}`);
      expect(reply.status).toBe(status);
      expect(reply.json()).toHaveProperty('code');
    });

    // Built from the storage host's address once it listens.
    it.each([
      ['another host', () => 'https://evil.example.com/a.mp4'],
      ['the approved host by IP', () => `${storage.origin.replace('localhost', '127.0.0.1')}/video.mp4`],
      ['user-info before the approved host', () => `http://user@${storage.origin.replace('http://', '')}/video.mp4`],
      ['a decimal IP', () => 'http://2130706433/video.mp4'],
      ['something not a URL', () => 'not a url'],
    ])('refuses %s with a 400 naming url', async (_case, url) => {
      const reply = await download(visitor, url());
      expect(reply.status).toBe(400);
      expect(reply.json()).toMatchObject({ code: 'VALIDATION_FAILED', field: 'url' });
    });

    it('asks for the url parameter', async () => {
      expect((await visitor.request('/api/v1/download')).json()).toMatchObject({ status: 400, field: 'url' });
    });
  });
});
