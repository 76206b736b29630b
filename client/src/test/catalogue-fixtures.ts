import type {
  Campaign,
  Category,
  CertificationCourseDetail,
  CourseCard,
  CourseDetail,
  FeaturedItem,
  LessonSummary,
  ProgramOverview,
} from '@campus/contracts/catalogue';
import { CERTIFICATION_COURSES, type CertificationSlug } from '@campus/contracts/catalogue-slugs';

/** A public learning course of LINE公式アカウント, not started. */
export function aCourseCard(overrides: Partial<CourseCard> = {}): CourseCard {
  const slug = overrides.slug ?? 'oa-getting-started';
  return {
    kind: 'learning',
    slug,
    program: 'OA',
    title: 'LINE公式アカウントをはじめよう',
    summary: 'アカウントの開設から最初の配信までを順番に学びます。',
    level: 'BEGINNER',
    categories: ['getting-started'],
    estimatedMinutes: 30,
    lessonCount: 3,
    loginRequired: false,
    path: `/line-official-account/courses/${slug}`,
    isFavorite: false,
    isStarted: false,
    completedLessonCount: 0,
    ...overrides,
  };
}

export function aLesson(overrides: Partial<LessonSummary> = {}): LessonSummary {
  return { slug: 'lesson-1', title: 'アカウントを開設する', kind: 'text', estimatedMinutes: 10, loginRequired: false, isCompleted: false, ...overrides };
}

export function aCourseDetail(overrides: Partial<CourseDetail> = {}): CourseDetail {
  const lessons = overrides.lessons ?? [
    aLesson({ slug: 'open-account', title: 'アカウントを開設する', isCompleted: true }),
    aLesson({ slug: 'first-message', title: '最初のメッセージを送る', kind: 'slides', loginRequired: true }),
    aLesson({ slug: 'rich-menu', title: 'リッチメニューを作る', kind: 'video' }),
  ];
  return { ...aCourseCard(overrides), lessonCount: lessons.length, lessons, ...overrides };
}

export function aCertificationCourse(slug: CertificationSlug = 'line-ads-basic', overrides: Partial<CertificationCourseDetail> = {}): CertificationCourseDetail {
  const { program, label } = CERTIFICATION_COURSES[slug];
  const advanced = slug.endsWith('-advanced');
  return {
    ...aCourseDetail({
      kind: 'certification',
      slug,
      program,
      title: label,
      summary: `${label}の認定試験です。`,
      level: advanced ? 'ADVANCED' : 'BEGINNER',
      path: `/lineyahoo-marketing-skill-badge/courses/${slug}`,
    }),
    label,
    badgeStatus: 'unavailable',
    badgeExpiresAt: null,
    examOffer: 'take',
    renewalOpensAt: null,
    exam: { questionCount: 20, minutes: 30, passPercent: 70, retakeWaitHours: 24 },
    requiresSlug: advanced ? slug.replace(/-advanced$/, '-basic') : null,
    runningExam: null,
    examGrading: false,
    examExtraMinutes: 0,
    retakeOpensAt: null,
    ...overrides,
  };
}

export const PROGRAMS: ProgramOverview[] = [
  { code: 'OA', serviceSlug: 'line-official-account', name: 'LINE公式アカウント', description: '友だちとつながる運用を学びます。' },
  { code: 'AD', serviceSlug: 'line-ads', name: 'LINE広告', description: '広告運用の基本を学びます。' },
  { code: 'Y_ADS', serviceSlug: 'yahoo-ads', name: 'Yahoo!広告', description: '検索広告とディスプレイ広告を学びます。' },
];

export const OA_CATEGORIES: Category[] = [
  { program: 'OA', slug: 'getting-started', name: 'はじめる' },
  { program: 'OA', slug: 'messaging', name: 'メッセージ配信' },
];

export const A_FEATURED_ITEM: FeaturedItem = {
  kind: 'learning',
  program: 'OA',
  slug: 'oa-getting-started',
  title: 'LINE公式アカウントをはじめよう',
  summary: 'アカウントの開設から最初の配信まで。',
  headline: '開設から最初の1か月まで、順番に学べます',
  path: '/line-official-account/courses/oa-getting-started',
};

export const A_CAMPAIGN: Campaign = {
  title: 'スキルバッジ取得応援キャンペーン',
  body: '期間中に認定試験に合格すると、**スキルバッジ**が表示されます。\nまずは Basic から挑戦しましょう。',
  startsOn: '2026-11-01',
  endsOn: '2027-01-31',
  link: '/lineyahoo-marketing-skill-badge',
};
