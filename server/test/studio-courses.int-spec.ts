import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Client } from 'pg';
import sharp from 'sharp';
import type { CourseDraft, CourseDraftDocument, LessonDraft, StudioUpload } from '../src/contracts/studio-courses';
import { renderSlideDeckPdf } from '../src/modules/catalogue/content/render-slide-deck';
import { BrowserLikeClient } from './support/browser-like-client';
import { startCampus } from './support/campus-harness';
import { DEMO_PACK_DIR, importDemoPack } from './support/demo-content';
import { logInAsDemo } from './support/dev-idp-login';

const VTT = 'WEBVTT\n\n00:00.000 --> 00:02.000\nこんにちは。\n\n00:02.000 --> 00:04.500\nこの動画では配信の基本を学びます。\n';

function findFile(folder: string, extension: string): string {
  for (const entry of readdirSync(folder, { withFileTypes: true, recursive: true })) {
    if (entry.isFile() && entry.name.endsWith(extension)) return path.join(entry.parentPath, entry.name);
  }
  throw new Error(`no ${extension} under ${folder}`);
}

describe('content studio: courses and lessons written, uploaded, published and taken down by admins', () => {
  const mediaDir = mkdtempSync(path.join(tmpdir(), 'campus-studio-media-'));
  let campus: Awaited<ReturnType<typeof startCampus>>;
  let database: Client;
  let admin: BrowserLikeClient;
  let secondAdmin: BrowserLikeClient;
  let learner: BrowserLikeClient;
  let visitor: BrowserLikeClient;
  let pdf: Buffer;
  let video: Buffer;

  const upload = (client: BrowserLikeClient, kind: string, type: string, body: Buffer | string) =>
    client.request(`/api/v1/admin/studio/uploads/${kind}`, { method: 'POST', headers: { 'x-requested-with': 'XMLHttpRequest', 'content-type': type }, body });
  const draftOf = async (courseId: string) => (await admin.xhr('GET', `/api/v1/admin/studio/courses/${courseId}`)).json<CourseDraft>();
  const lesson = (fields: Partial<LessonDraft> & Pick<LessonDraft, 'slug' | 'title' | 'kind'>): LessonDraft => ({
    lessonId: randomUUID(),
    estimatedMinutes: 5,
    loginRequired: false,
    body: '',
    pdfPath: null,
    videoPath: null,
    captionsPath: null,
    transcript: null,
    ...fields,
  });
  async function newCourse(slug: string): Promise<string> {
    const reply = await admin.xhr('POST', '/api/v1/admin/studio/courses', { kind: 'learning', program: 'OA', slug, title: 'スタジオで作ったコース' });
    expect(reply.status).toBe(201);
    return reply.json().courseId;
  }
  async function uploaded(kind: string, type: string, body: Buffer | string): Promise<StudioUpload> {
    const reply = await upload(admin, kind, type, body);
    expect({ kind, status: reply.status, body: reply.json() }).toMatchObject({ kind, status: 201 });
    return reply.json();
  }

  beforeAll(async () => {
    campus = await startCampus({ mediaDir });
    await importDemoPack(campus.database.url, mediaDir);
    database = new Client({ connectionString: campus.database.url });
    await database.connect();
    admin = await logInAsDemo(campus.api.origin, 'admin');
    secondAdmin = await logInAsDemo(campus.api.origin, 'admin');
    learner = await logInAsDemo(campus.api.origin, 'learner');
    visitor = new BrowserLikeClient(campus.api.origin);
    pdf = await renderSlideDeckPdf({ title: 'テスト', slides: ['# 1 枚目\n- 要点'] });
    video = readFileSync(findFile(path.join(DEMO_PACK_DIR, 'video-courses'), '.mp4'));
  });
  afterAll(async () => {
    await database?.end();
    await campus?.stop();
    rmSync(mediaDir, { recursive: true, force: true });
  });

  it('refuses learners (403) and visitors (401) on the studio routes, and writes nothing', async () => {
    const id = randomUUID();
    const routes: Array<[string, string, object?]> = [
      ['GET', '/api/v1/admin/studio/courses'],
      ['POST', '/api/v1/admin/studio/courses', { kind: 'learning', program: 'OA', slug: 'x', title: 'x' }],
      ['GET', `/api/v1/admin/studio/courses/${id}`],
      ['POST', `/api/v1/admin/studio/courses/${id}/publish`, { expectedVersion: 1 }],
      ['POST', '/api/v1/admin/studio/lesson-previews', { body: '# x' }],
    ];
    for (const [method, address, body] of routes) {
      expect({ address, reply: (await learner.xhr(method, address, body)).json() }).toMatchObject({ address, reply: { status: 403, code: 'FORBIDDEN' } });
      expect({ address, reply: (await visitor.xhr(method, address, body)).json() }).toMatchObject({ address, reply: { status: 401, code: 'LOGIN_REQUIRED' } });
    }
    expect((await upload(learner, 'pdf', 'application/pdf', pdf)).status).toBe(403);
    expect((await database.query(`select 1 from course_drafts`)).rowCount).toBe(0);
  });

  it('writes a course with a text, a slide and a video lesson, refuses to publish it without captions, then publishes it for learners', async () => {
    const courseId = await newCourse('studio-made-course');
    expect((await learner.xhr('GET', '/api/v1/learning-courses/studio-made-course')).status).toBe(404);
    const listed = (await admin.xhr('GET', '/api/v1/admin/studio/courses?status=draft')).json();
    expect(listed.items).toEqual([expect.objectContaining({ courseId, status: 'draft', slug: 'studio-made-course' })]);

    const deck = await uploaded('pdf', 'application/pdf', pdf);
    const picture = await sharp({ create: { width: 1200, height: 900, channels: 3, background: { r: 6, g: 199, b: 85 } } }).png().toBuffer();
    const thumbnail = await uploaded('thumbnail', 'image/png', picture);
    expect(thumbnail.path).toMatch(/^studio\/thumbnail\/[0-9a-f-]{36}$/);
    const clip = await uploaded('video', 'video/mp4', video);
    expect(readFileSync(path.join(mediaDir, deck.path)).equals(pdf)).toBe(true);
    expect(readFileSync(path.join(mediaDir, clip.path)).equals(video)).toBe(true);

    const initial = await draftOf(courseId);
    const document: CourseDraftDocument = {
      course: { ...initial.document.course, summary: 'スタジオで書いたコースです。', categories: ['getting-started'], thumbnailPath: thumbnail.path },
      lessons: [
        lesson({ slug: 'reading', title: '読むレッスン', kind: 'text', body: '## はじめに\n\n本文です。' }),
        lesson({ slug: 'slides', title: 'スライドのレッスン', kind: 'slides', body: 'スライドの説明', pdfPath: deck.path }),
        lesson({ slug: 'watching', title: '動画のレッスン', kind: 'video', body: '動画の説明', videoPath: clip.path, transcript: 'こんにちは。' }),
      ],
    };
    const saved = await admin.xhr('PUT', `/api/v1/admin/studio/courses/${courseId}/draft`, { expectedVersion: initial.version, document });
    expect(saved.json()).toEqual({ version: 2 });
    const refused = await admin.xhr('POST', `/api/v1/admin/studio/courses/${courseId}/publish`, { expectedVersion: 2 });
    expect(refused.json()).toMatchObject({ status: 400, code: 'VALIDATION_FAILED', field: 'lessons.2.captionsPath' });
    expect(refused.json().message).toContain('字幕');
    expect((await learner.xhr('GET', '/api/v1/learning-courses/studio-made-course')).status).toBe(404);

    const captions = await uploaded('captions', 'text/vtt', VTT);
    expect(captions.cueCount).toBe(2);
    document.lessons[2]!.captionsPath = captions.path;
    await admin.xhr('PUT', `/api/v1/admin/studio/courses/${courseId}/draft`, { expectedVersion: 2, document });
    const published = await admin.xhr('POST', `/api/v1/admin/studio/courses/${courseId}/publish`, { expectedVersion: 3 });
    expect(published.json()).toEqual({ version: 1 });

    // The card's image sizes, cut to 16:9, under the names the client asks for.
    for (const [file, type, width] of [['learning-studio-made-course-320.webp', 'image/webp', 320], ['learning-studio-made-course-640.avif', 'image/avif', 640]] as const) {
      const image = await visitor.request(`/course-images/${file}`);
      expect({ file, status: image.status, type: image.headers.get('content-type') }).toEqual({ file, status: 200, type });
      const size = await sharp(Buffer.from(await (await fetch(`${campus.api.origin}/course-images/${file}`)).arrayBuffer())).metadata();
      expect([size.width, size.height]).toEqual([width, (width * 9) / 16]);
    }
    expect((await visitor.request('/course-images/..%2F..%2Fetc%2Fpasswd')).status).toBe(404);
    const course = (await learner.xhr('GET', '/api/v1/learning-courses/studio-made-course')).json();
    expect(course.lessons.map((item: { slug: string }) => item.slug)).toEqual(['reading', 'slides', 'watching']);
    const slides = (await learner.xhr('GET', '/api/v1/learning-courses/studio-made-course/lessons/slides')).json();
    expect(slides.pdfUrl).toContain(encodeURIComponent(deck.path));
    // Publishing drew the uploaded deck's first slide beside it, as the import does for its decks.
    expect(slides.slidesPoster).toEqual({ url: expect.stringContaining(encodeURIComponent(deck.path.replace(/\.pdf$/, '.poster.webp'))), width: 1280, height: 720, pageCount: 1 });
    const firstSlide = await visitor.request(slides.slidesPoster.url);
    expect([firstSlide.status, firstSlide.headers.get('content-type')]).toEqual([200, 'image/webp']);
    const reading = (await visitor.xhr('GET', '/api/v1/learning-courses/studio-made-course/lessons/reading')).json();
    expect(reading.bodyHtml).toContain('<h2>はじめに</h2>');
    const events = await database.query(`select type, meta->>'actorId' as actor from events where stream_type = 'course' and stream_id = $1 order by version`, [courseId]);
    expect(events.rows.map((row) => row.type)).toEqual(['CourseDraftSaved', 'CourseDraftSaved', 'CourseDraftSaved', 'CoursePublished']);
    expect(events.rows.every((row) => row.actor !== null)).toBe(true);
    expect((await database.query(`select 1 from course_drafts where course_id = $1`, [courseId])).rowCount).toBe(0);
  });

  it('refuses the second of two admins saving from the same version, and keeps the first one’s draft', async () => {
    const courseId = await newCourse('two-editors');
    const { document, version } = await draftOf(courseId);
    const first = await admin.xhr('PUT', `/api/v1/admin/studio/courses/${courseId}/draft`, { expectedVersion: version, document: { ...document, course: { ...document.course, title: '一人目の題' } } });
    const second = await secondAdmin.xhr('PUT', `/api/v1/admin/studio/courses/${courseId}/draft`, { expectedVersion: version, document: { ...document, course: { ...document.course, title: '二人目の題' } } });
    expect(first.status).toBe(200);
    expect(second.json()).toEqual({ status: 409, code: 'CONCURRENCY_CONFLICT', message: '他の管理者が先に更新しました' });
    const now = await draftOf(courseId);
    expect(now.document.course.title).toBe('一人目の題');
    expect(now.version).toBe(version + 1);
  });

  it('publishes course and lessons in one transaction: a learner reading meanwhile sees the old course or the new one, never a mix', async () => {
    const courseId = await newCourse('atomic-course');
    const { document } = await draftOf(courseId);
    const lessons = Array.from({ length: 8 }, (_, index) => lesson({ slug: `part-${index + 1}`, title: `第${index + 1}回`, kind: 'text', body: `本文 ${index + 1}` }));
    await admin.xhr('PUT', `/api/v1/admin/studio/courses/${courseId}/draft`, { expectedVersion: 1, document: { ...document, course: { ...document.course, categories: ['getting-started'] }, lessons: lessons.slice(0, 2) } });
    await admin.xhr('POST', `/api/v1/admin/studio/courses/${courseId}/publish`, { expectedVersion: 2 });
    const reordered = [...lessons].reverse();
    const opened = await draftOf(courseId);
    await admin.xhr('PUT', `/api/v1/admin/studio/courses/${courseId}/draft`, { expectedVersion: opened.version, document: { ...opened.document, lessons: reordered } });

    const seen = new Set<string>();
    let publishing = true;
    const reader = (async () => {
      while (publishing) {
        const course = (await learner.xhr('GET', '/api/v1/learning-courses/atomic-course')).json();
        seen.add(course.lessons.map((item: { slug: string }) => item.slug).join(','));
      }
    })();
    const publish = await admin.xhr('POST', `/api/v1/admin/studio/courses/${courseId}/publish`, { expectedVersion: 1 });
    publishing = false;
    await reader;
    expect(publish.json()).toEqual({ version: 2 });
    const before = 'part-1,part-2';
    const after = reordered.map((item) => item.slug).join(',');
    expect([...seen].every((order) => order === before || order === after)).toBe(true);
    // The first two lessons kept their ids (and with them learners' progress) through the reorder.
    const ids = (await database.query(`select id, slug from lessons where course_id = $1`, [courseId])).rows;
    expect(ids.find((row) => row.slug === 'part-1')?.id).toBe(lessons[0]!.lessonId);
  });

  it('refuses to publish a deck whose PDF cannot be drawn, naming its lesson, and publishes nothing', async () => {
    const courseId = await newCourse('broken-deck');
    const { document } = await draftOf(courseId);
    // It passes the upload's checks (a PDF's header and end), but has no page to draw.
    const broken = await uploaded('pdf', 'application/pdf', '%PDF-1.7\nこわれた中身\n%%EOF\n');
    const lessons = [lesson({ slug: 'intro', title: 'はじめに', kind: 'text', body: '本文' }), lesson({ slug: 'deck', title: 'スライド', kind: 'slides', body: '説明', pdfPath: broken.path })];
    await admin.xhr('PUT', `/api/v1/admin/studio/courses/${courseId}/draft`, { expectedVersion: 1, document: { ...document, course: { ...document.course, categories: ['getting-started'] }, lessons } });

    const refused = await admin.xhr('POST', `/api/v1/admin/studio/courses/${courseId}/publish`, { expectedVersion: 2 });

    expect(refused.json()).toEqual({ status: 400, code: 'VALIDATION_FAILED', field: 'lessons.1.pdfPath', message: 'スライドのPDFを表示できませんでした。別のPDFをアップロードしてください' });
    expect((await learner.xhr('GET', '/api/v1/learning-courses/broken-deck')).status).toBe(404);
    expect((await draftOf(courseId)).version).toBe(2);
  });

  it('takes a course down without losing learners’ progress, and refuses to take down a certification', async () => {
    const courseId = await newCourse('taken-down');
    const { document } = await draftOf(courseId);
    const only = lesson({ slug: 'only', title: '唯一のレッスン', kind: 'text', body: '本文' });
    await admin.xhr('PUT', `/api/v1/admin/studio/courses/${courseId}/draft`, {
      expectedVersion: 1,
      document: { ...document, course: { ...document.course, categories: ['getting-started'], featuredHeadline: 'スタジオから公開したコース' }, lessons: [only] },
    });
    await admin.xhr('POST', `/api/v1/admin/studio/courses/${courseId}/publish`, { expectedVersion: 2 });
    const featuredSlugs = async () => (await visitor.xhr('GET', '/api/v1/featured/')).json().map((item: { slug: string; headline: string }) => `${item.slug}:${item.headline}`);
    expect(await featuredSlugs()).toContain('taken-down:スタジオから公開したコース');
    expect((await learner.xhr('PUT', '/api/v1/learning-courses/taken-down/lessons/only/mark-as-completed')).status).toBe(200);
    expect((await admin.xhr('POST', `/api/v1/admin/studio/courses/${courseId}/unpublish`, { expectedVersion: 0 })).json().code).toBe('CONCURRENCY_CONFLICT');
    expect((await admin.xhr('POST', `/api/v1/admin/studio/courses/${courseId}/unpublish`, { expectedVersion: 1 })).json()).toEqual({ version: 2 });
    expect((await learner.xhr('GET', '/api/v1/learning-courses/taken-down')).status).toBe(404);
    expect((await featuredSlugs()).some((item: string) => item.startsWith('taken-down:'))).toBe(false);
    expect((await learner.xhr('GET', '/api/v1/learning-courses/taken-down/lessons/only')).status).toBe(404);
    expect((await database.query(`select 1 from lesson_completions where lesson_id = $1`, [only.lessonId])).rowCount).toBe(1);
    const certification = (await database.query(`select id, version from courses where kind = 'certification' limit 1`)).rows[0];
    const refused = await admin.xhr('POST', `/api/v1/admin/studio/courses/${certification.id}/unpublish`, { expectedVersion: certification.version });
    expect(refused.json()).toMatchObject({ status: 400, code: 'VALIDATION_FAILED' });
  });

  it('answers bad uploads with the field named and keeps nothing of them', async () => {
    const before = readdirSync(mediaDir, { recursive: true }).length;
    const notPdf = await upload(admin, 'pdf', 'application/pdf', Buffer.from('これは PDF ではありません'));
    expect(notPdf.json()).toMatchObject({ status: 400, code: 'VALIDATION_FAILED', field: 'file' });
    expect(notPdf.json().message).toContain('PDF');
    const cutPdf = await upload(admin, 'pdf', 'application/pdf', pdf.subarray(0, pdf.length - 200));
    expect(cutPdf.json()).toMatchObject({ status: 400, field: 'file' });
    const notVideo = await upload(admin, 'video', 'video/mp4', pdf);
    expect(notVideo.json()).toMatchObject({ status: 400, field: 'file' });
    const wrongType = await upload(admin, 'pdf', 'image/png', pdf);
    expect(wrongType.json()).toMatchObject({ status: 415, code: 'UNSUPPORTED_MEDIA_TYPE', field: 'file' });
    const elsewhere = await upload(admin, 'pdf', 'text/html', '<p>x</p>');
    expect(elsewhere.status).toBe(415);
    const badVtt = await upload(admin, 'captions', 'text/vtt', 'WEBVTT\n\n00:05.000 --> 00:01.000\n逆転\n');
    expect(badVtt.json()).toMatchObject({ status: 400, field: 'file' });
    expect(badVtt.json().message).toContain('3 行目');
    const noHeader = await upload(admin, 'captions', 'text/vtt', '00:00.000 --> 00:01.000\nx\n');
    expect(noHeader.json().message).toContain('WEBVTT');
    const huge = await upload(admin, 'captions', 'text/vtt', `WEBVTT\n\n${'あ'.repeat(400_000)}`);
    expect(huge.json()).toMatchObject({ status: 413, code: 'PAYLOAD_TOO_LARGE', field: 'file' });
    const notAnImage = await upload(admin, 'thumbnail', 'image/png', Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from('壊れた画像')]));
    expect(notAnImage.json()).toMatchObject({ status: 400, field: 'file' });
    expect(notAnImage.json().message).toContain('サムネイル画像');
    const unknownKind = await upload(admin, 'script', 'application/pdf', pdf);
    expect(unknownKind.json()).toMatchObject({ status: 400, code: 'VALIDATION_FAILED' });
    expect(readdirSync(mediaDir, { recursive: true }).length).toBe(before);
  });

  it('answers bad drafts with the field named, and renders Markdown as the lesson page does (no script, no javascript: links)', async () => {
    const courseId = await newCourse('bad-input');
    const { document } = await draftOf(courseId);
    const cases: Array<[CourseDraftDocument, string]> = [
      [{ ...document, course: { ...document.course, title: '' } }, 'document.course.title'],
      [{ ...document, course: { ...document.course, slug: 'Not A Slug' } }, 'document.course.slug'],
      [{ ...document, lessons: [lesson({ slug: 'x', title: 'x', kind: 'text', pdfPath: '../../etc/passwd' })] }, 'document.lessons.0.pdfPath'],
      [{ ...document, lessons: [{ ...lesson({ slug: 'x', title: 'x', kind: 'text' }), estimatedMinutes: 0 }] }, 'document.lessons.0.estimatedMinutes'],
    ];
    for (const [bad, field] of cases) {
      const reply = await admin.xhr('PUT', `/api/v1/admin/studio/courses/${courseId}/draft`, { expectedVersion: 1, document: bad });
      expect({ field, reply: reply.json() }).toMatchObject({ field, reply: { status: 400, code: 'VALIDATION_FAILED', field } });
    }
    const twoMegabytes = await admin.xhr('PUT', `/api/v1/admin/studio/courses/${courseId}/draft`, {
      expectedVersion: 1,
      document: { ...document, lessons: [lesson({ slug: 'x', title: 'x', kind: 'text', body: 'あ'.repeat(700_000) })] },
    });
    expect(twoMegabytes.json()).toMatchObject({ status: 413, code: 'PAYLOAD_TOO_LARGE' });
    expect((await draftOf(courseId)).version).toBe(1);

    const preview = (await admin.xhr('POST', '/api/v1/admin/studio/lesson-previews', { body: '## 見出し\n\n<script>alert(1)</script>\n\n[危ない](javascript:alert(1))\n\n```check\nquestion: 1\n```' })).json();
    expect(preview.bodyHtml).toContain('<h2>見出し</h2>');
    expect(preview.bodyHtml).not.toContain('<script>');
    expect(preview.bodyHtml).not.toContain('href="javascript:');
    expect(preview.problems.length).toBeGreaterThan(0);
  });

  it('previews a draft lesson as a learner would see it, without publishing', async () => {
    const courseId = await newCourse('previewed');
    const { document } = await draftOf(courseId);
    await admin.xhr('PUT', `/api/v1/admin/studio/courses/${courseId}/draft`, {
      expectedVersion: 1,
      document: { ...document, lessons: [lesson({ slug: 'first', title: '下書きのレッスン', kind: 'text', body: '## 下書き\n\n公開前の本文' })] },
    });
    const preview = (await admin.xhr('GET', `/api/v1/admin/studio/courses/${courseId}/lessons/first/preview`)).json();
    expect(preview).toMatchObject({ title: '下書きのレッスン', position: 1, course: { slug: 'previewed', lessonCount: 1 } });
    expect(preview.bodyHtml).toContain('公開前の本文');
    expect((await learner.xhr('GET', '/api/v1/learning-courses/previewed/lessons/first')).status).toBe(404);
    expect((await admin.xhr('GET', `/api/v1/admin/studio/courses/${courseId}/lessons/missing/preview`)).status).toBe(404);
    const coursePage = (await admin.xhr('GET', `/api/v1/admin/studio/courses/${courseId}/preview`)).json();
    expect(coursePage).toMatchObject({ slug: 'previewed', lessonCount: 1, isFavorite: false, lessons: [{ slug: 'first', title: '下書きのレッスン', isCompleted: false }] });
    expect((await learner.xhr('GET', `/api/v1/admin/studio/courses/${courseId}/preview`)).status).toBe(403);
  });

  it('is not undone by the content import: a course an admin changed or made stays as the studio left it', async () => {
    const [{ id: packCourseId }] = (await database.query(`select id from courses where kind = 'learning' and slug = 'oa-getting-started'`)).rows;
    const opened = await draftOf(packCourseId);
    await admin.xhr('PUT', `/api/v1/admin/studio/courses/${packCourseId}/draft`, {
      expectedVersion: 0,
      document: { ...opened.document, course: { ...opened.document.course, title: 'スタジオで直したタイトル' } },
    });
    expect((await admin.xhr('POST', `/api/v1/admin/studio/courses/${packCourseId}/publish`, { expectedVersion: 1 })).status).toBe(200);
    await importDemoPack(campus.database.url, mediaDir);
    expect((await visitor.xhr('GET', '/api/v1/learning-courses/oa-getting-started')).json().title).toBe('スタジオで直したタイトル');
    expect((await visitor.xhr('GET', '/api/v1/learning-courses/studio-made-course')).status).toBe(200);
  });

  it('answers an unknown or malformed course id with 404 on every course route, and an empty upload with the field named', async () => {
    const unknown = randomUUID();
    const { document } = await draftOf(await newCourse('for-unknown-ids'));
    for (const [method, address, body] of [
      ['GET', '/api/v1/admin/studio/courses/not-a-uuid'],
      ['GET', `/api/v1/admin/studio/courses/${unknown}`],
      ['PUT', `/api/v1/admin/studio/courses/${unknown}/draft`, { expectedVersion: 0, document }],
      ['POST', `/api/v1/admin/studio/courses/${unknown}/publish`, { expectedVersion: 1 }],
      ['POST', `/api/v1/admin/studio/courses/${unknown}/unpublish`, { expectedVersion: 1 }],
      ['GET', `/api/v1/admin/studio/courses/${unknown}/preview`],
      ['GET', "/api/v1/admin/studio/courses/1'or'1'='1/preview"],
    ] as const) {
      expect({ address, reply: (await admin.xhr(method, address, body)).json() }).toMatchObject({ address, reply: { status: 404, code: 'NOT_FOUND' } });
    }
    const empty = await upload(admin, 'pdf', 'application/pdf', Buffer.alloc(0));
    expect(empty.status).toBeGreaterThanOrEqual(400);
    expect(empty.status).toBeLessThan(500);
    expect((await database.query(`select 1 from course_drafts where course_id = $1`, [unknown])).rowCount).toBe(0);
  });
});
