import type { CourseKind } from '@campus/contracts/catalogue';
import type { LessonCompletion, LessonDetail } from '@campus/contracts/lessons';

/** The course page path the API gives each kind (all in LINE公式アカウント, as the fake catalogue's courses). */
export function fakeCoursePath(kind: CourseKind, courseSlug: string): string {
  if (kind === 'certification') return `/lineyahoo-marketing-skill-badge/courses/${courseSlug}`;
  if (kind === 'video') return `/learn-with-video/line-official-account/courses/${courseSlug}`;
  return `/line-official-account/courses/${courseSlug}`;
}

/** The second of three text lessons of a public LINE公式アカウント learning course, not completed. */
export function aLessonDetail(overrides: Partial<LessonDetail> = {}): LessonDetail {
  return {
    slug: 'first-message',
    title: '最初のメッセージを送る',
    kind: 'text',
    estimatedMinutes: 10,
    loginRequired: false,
    bodyHtml: '<h2>メッセージの基本</h2>\n<p>あいさつメッセージを<strong>設定</strong>しましょう。</p>\n',
    pdfUrl: null,
    slidesPoster: null,
    videoUrl: null,
    captionsUrl: null,
    transcript: null,
    relatedLinks: [],
    checks: [],
    isCompleted: false,
    position: 2,
    course: {
      kind: 'learning',
      slug: 'oa-getting-started',
      title: 'LINE公式アカウントをはじめよう',
      path: '/line-official-account/courses/oa-getting-started',
      lessonCount: 3,
    },
    previous: { slug: 'open-account', title: 'アカウントを開設する' },
    next: { slug: 'rich-menu', title: 'リッチメニューを作る' },
    ...overrides,
  };
}

/** A lesson as the API answers it for any address (title 「レッスン {lessonSlug}」). */
export function lessonAt(kind: CourseKind, courseSlug: string, lessonSlug: string): LessonDetail {
  return aLessonDetail({
    slug: lessonSlug,
    title: `レッスン ${lessonSlug}`,
    course: { kind, slug: courseSlug, title: `コース ${courseSlug}`, path: fakeCoursePath(kind, courseSlug), lessonCount: 3 },
  });
}

export function aLessonCompletion(overrides: Partial<LessonCompletion> = {}): LessonCompletion {
  return { completedLessonCount: 2, lessonCount: 3, courseCompleted: false, feedbackPopupType: null, ...overrides };
}
