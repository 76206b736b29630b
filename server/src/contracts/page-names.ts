import { CERTIFICATION_COURSES, certificationLabelOf, isCertificationSlug, isSlugShaped, SERVICE_LABELS, type ServiceSlug } from './catalogue-slugs.js';

/**
 * Names of pages and areas that the server's HTML and the client's pages both print, so that each page
 * has one name (issue 32 §11): the server writes them into the title before any script runs, the
 * client into its headings, breadcrumbs and document title.
 */

/** The certification programme's area, /lineyahoo-marketing-skill-badge (spec §1: a marketing skill badge). */
export const SKILL_BADGE_NAME = 'マーケティングスキルバッジ';

/** A service's video courses, /learn-with-video/{serviceSlug}. */
export const videoAreaName = (serviceSlug: ServiceSlug): string => `動画で学ぶ ${SERVICE_LABELS[serviceSlug]}`;

/** The campus's own admin console (/admin). */
export const ADMIN_CONSOLE_NAME = '運営コンソール';

/** The mypage pages (spec §2), by route. */
export const MYPAGE_PAGE_NAMES = {
  profile: 'プロフィール',
  profileEdit: 'プロフィールの編集',
  history: '受講履歴',
  wishlist: '受講したいリスト',
  certificates: '認定証',
  certificate: '認定証の詳細',
} as const;

/** The pages of one certification course that only a logged-in learner opens. */
export type ExamPageKind = 'exam-policy' | 'exam' | 'exam-result';

const EXAM_PAGE_SUFFIX: Record<ExamPageKind, string> = {
  'exam-policy': '受験規約',
  exam: '認定試験',
  'exam-result': '試験結果',
};

/**
 * 「LINE広告 Basic 受験規約」: the title and heading of a course's exam policy, exam and result pages. A
 * studio course is known by the title the page has loaded; before that, by the page's kind alone.
 */
export const examPageName = (courseSlug: string, kind: ExamPageKind, courseTitle = ''): string =>
  `${certificationLabelOf(courseSlug, courseTitle)} ${EXAM_PAGE_SUFFIX[kind]}`.trim();

/** 「LINE広告 Basic のレッスン」: a certification lesson before its own title is known (it comes with the lesson). */
export const certificationLessonName = (courseSlug: string): string =>
  isCertificationSlug(courseSlug) ? `${CERTIFICATION_COURSES[courseSlug].label} のレッスン` : '認定コースのレッスン';

const MYPAGE_BY_PATH: Record<string, string> = {
  'mypage/profile': MYPAGE_PAGE_NAMES.profile,
  'mypage/profile/edit': MYPAGE_PAGE_NAMES.profileEdit,
  'mypage/history': MYPAGE_PAGE_NAMES.history,
  'mypage/wishlist': MYPAGE_PAGE_NAMES.wishlist,
  'mypage/certificates': MYPAGE_PAGE_NAMES.certificates,
};

/**
 * The name of a page that asks a visitor to log in (spec §6: mypage, a certification course's exam pages
 * and lessons, the admin console), from its path alone: the page is titled with it behind the login
 * prompt, and the server writes it into the HTML. Undefined for every other path.
 */
export function loginPageName(pathname: string): string | undefined {
  const segments = pathname.split('/').filter(Boolean);
  const joined = segments.join('/');
  if (MYPAGE_BY_PATH[joined]) return MYPAGE_BY_PATH[joined];
  if (segments.length === 3 && joined.startsWith('mypage/certificates/')) return MYPAGE_PAGE_NAMES.certificate;
  if (segments[0] === 'admin') return ADMIN_CONSOLE_NAME;
  const [area, courses, courseSlug, page, lessonSlug] = segments;
  if (area !== 'lineyahoo-marketing-skill-badge' || courses !== 'courses' || !isSlugShaped(courseSlug)) return undefined;
  if (segments.length === 4 && (page === 'exam-policy' || page === 'exam' || page === 'exam-result')) return examPageName(courseSlug, page);
  if (segments.length === 5 && page === 'lessons' && lessonSlug) return certificationLessonName(courseSlug);
  return undefined;
}
