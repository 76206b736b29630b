import type { CourseDraftDocument, LessonDraft } from '../../../contracts/studio-courses';
import { decksWithoutPoster, lessonRowsOf, publishBlockersOf } from './course-draft-document';

const lesson = (fields: Partial<LessonDraft>): LessonDraft => ({
  lessonId: '00000000-0000-4000-8000-000000000001',
  slug: 'first',
  title: '最初のレッスン',
  kind: 'text',
  estimatedMinutes: 5,
  loginRequired: false,
  body: '本文',
  pdfPath: null,
  videoPath: null,
  captionsPath: null,
  transcript: null,
  ...fields,
});

const documentWith = (lessons: LessonDraft[], categories = ['getting-started']): CourseDraftDocument => ({
  course: { kind: 'learning', program: 'OA', slug: 'c', title: 'コース', summary: '概要', level: 'BEGINNER', categories, estimatedMinutes: 10, loginRequired: false, position: 0, thumbnailPath: null, featuredHeadline: null },
  lessons,
});

describe('what keeps a course draft from being published', () => {
  it('lets a complete draft through', () => {
    expect(publishBlockersOf(documentWith([lesson({})]))).toEqual([]);
  });

  it('names each missing part with its field', () => {
    const blockers = publishBlockersOf(
      documentWith(
        [
          lesson({ kind: 'video', slug: 'v', videoPath: 'studio/video/a.mp4', transcript: ' ' }),
          lesson({ kind: 'slides', slug: 's' }),
          lesson({ kind: 'text', slug: 's', body: '' }),
        ],
        [],
      ),
    );
    expect(blockers.map((blocker) => blocker.field)).toEqual([
      'course.categories',
      'lessons.0.captionsPath',
      'lessons.0.transcript',
      'lessons.1.pdfPath',
      'lessons.2.slug',
      'lessons.2.body',
    ]);
    expect(blockers[1]!.message).toBe('レッスン 1「最初のレッスン」の字幕ファイル（WebVTT）をアップロードしてください');
  });

  it('refuses an empty course and an answer check that does not parse', () => {
    expect(publishBlockersOf(documentWith([]))).toEqual([{ field: 'lessons', message: 'レッスンを 1 つ以上追加してください' }]);
    const [blocker] = publishBlockersOf(documentWith([lesson({ body: '本文\n\n```check\nquestion: 問い\n```' })]));
    expect(blocker?.field).toBe('lessons.0.body');
  });
});

describe('the lesson rows a published draft becomes', () => {
  it('keeps only the media of the lesson’s kind, and the related links of the lesson it was', () => {
    const previous = new Map([[lesson({}).lessonId, { relatedLinks: [{ title: 'ヘルプ', url: 'https://example.com' }], pdfPath: null, slides: [] } as never]]);
    const [row] = lessonRowsOf('course-1', documentWith([lesson({ kind: 'text', videoPath: 'studio/video/x.mp4', body: '本文\n\n```check\nquestion: 問い\nchoices: [はい, いいえ]\nanswer: 0\nexplanation: 説明\n```' })]), previous);
    expect(row).toMatchObject({ courseId: 'course-1', position: 0, video: null, pdfPath: null, relatedLinks: [{ title: 'ヘルプ', url: 'https://example.com' }] });
    expect(row!.checks).toEqual([{ question: '問い', choices: ['はい', 'いいえ'], answer: 0, explanation: '説明' }]);
  });

  it("keeps a deck's first-slide picture while its PDF is the same one; a new PDF takes the picture drawn for it", () => {
    const poster = { path: 'slides/learning/c/first.poster.webp', width: 1280, height: 720, pageCount: 6 };
    const previous = new Map([[lesson({}).lessonId, { relatedLinks: [], pdfPath: 'slides/learning/c/first.pdf', slides: ['# 1'], slidesPoster: poster } as never]]);
    const same = documentWith([lesson({ kind: 'slides', pdfPath: 'slides/learning/c/first.pdf' })]);
    const replaced = documentWith([lesson({ kind: 'slides', pdfPath: 'studio/pdf/new.pdf' })]);
    const nowText = documentWith([lesson({ kind: 'text', pdfPath: 'slides/learning/c/first.pdf' })]);
    const drawnForNew = { path: 'studio/pdf/new.poster.webp', width: 1280, height: 960, pageCount: 2 };

    expect(decksWithoutPoster(same, previous)).toEqual([]);
    expect(lessonRowsOf('course-1', same, previous)[0]).toMatchObject({ pdfPath: 'slides/learning/c/first.pdf', slidesPoster: poster });
    expect(decksWithoutPoster(replaced, previous)).toEqual([{ lessonId: lesson({}).lessonId, index: 0, pdfPath: 'studio/pdf/new.pdf' }]);
    expect(lessonRowsOf('course-1', replaced, previous)[0]).toMatchObject({ slidesPoster: null });
    expect(lessonRowsOf('course-1', replaced, previous, new Map([[lesson({}).lessonId, drawnForNew]]))[0]).toMatchObject({ slidesPoster: drawnForNew });
    expect(decksWithoutPoster(nowText, previous)).toEqual([]);
    expect(lessonRowsOf('course-1', nowText, previous)[0]).toMatchObject({ pdfPath: null, slidesPoster: null });
  });
});
