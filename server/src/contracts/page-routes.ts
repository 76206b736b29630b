import {
  isCertificationSlug,
  isFeedCategory,
  isServiceSlug,
  isVideoServiceSlug,
  PROGRAM_BY_SERVICE_SLUG,
  type Program,
} from './catalogue-slugs.js';

/**
 * The pages of the site (spec §2 route table, as client/src/app/router.tsx serves them), so that the
 * server answers an unknown page with HTTP 404 rather than a page that says 404 (a soft 404).
 * Zod-free, like the slugs it checks.
 */

/** A course or lesson page's course (and lesson), which only the catalogue knows. */
export interface CoursePageContent {
  kind: 'course';
  /** The course kinds this address can show (learning and seminar courses share theirs). */
  courseKinds: readonly ('learning' | 'seminar' | 'video' | 'certification')[];
  /** The course's program, or null when the address does not say (certification courses). */
  program: Program | null;
  courseSlug: string;
  lessonSlug?: string;
}

/**
 * Content a page path names, which only the server's data knows: the page exists only if it does.
 * An announcement is anyone's to see; a personal notification or a certificate only its learner's.
 */
export type PageContent =
  | CoursePageContent
  | { kind: 'announcement'; announcementId: string }
  | { kind: 'notification'; notificationId: string }
  | { kind: 'certificate'; certificateKey: string };

/** A page of the route table; `content`, when set, must exist too. */
export interface PagePath {
  content?: PageContent;
}

const STATIC_PAGES = new Set([
  '',
  'mypage',
  'mypage/profile',
  'mypage/profile/edit',
  'mypage/history',
  'mypage/wishlist',
  'mypage/certificates',
  'notifications',
  'line-green-badge',
  'lineyahoo-marketing-skill-badge',
  'terms',
  'privacy',
  'certificates/verify',
  'admin',
  'admin/events',
  'admin/announcements',
  'admin/announcements/new',
  'admin/messages',
  'admin/accommodations',
  'admin/queues',
  'admin/analytics',
  'admin/analytics-log',
  'admin/imports',
  'admin/credentials',
]);

const EXAM_PAGES = new Set(['exam', 'exam-policy', 'exam-result']);

const decoded = (segment: string): string | undefined => {
  try {
    return decodeURIComponent(segment);
  } catch {
    return undefined;
  }
};

/**
 * `courses/{course}` or `courses/{course}/lessons/{lesson}` after a service: the course page or a
 * lesson page (the rest of the path, `rest`, starts at `courses`), or null.
 */
function coursePage(rest: string[], courseKinds: CoursePageContent['courseKinds'], program: Program | null): PagePath | null {
  const [courses, courseSlug, lessons, lessonSlug] = rest;
  if (courses !== 'courses' || !courseSlug) return null;
  if (rest.length === 2) return { content: { kind: 'course', courseKinds, program, courseSlug } };
  if (rest.length === 4 && lessons === 'lessons' && lessonSlug) return { content: { kind: 'course', courseKinds, program, courseSlug, lessonSlug } };
  return null;
}

/** The page at this path (its segments percent-decoded), or null when the site has no such page. */
export function matchPagePath(pathname: string): PagePath | null {
  const segments = pathname.split('/').filter(Boolean).map(decoded);
  if (segments.some((segment) => segment === undefined)) return null;
  const parts = segments as string[];
  const [first, second, third] = parts;
  if (STATIC_PAGES.has(parts.join('/'))) return {};

  switch (first) {
    case 'mypage':
      return parts.length === 3 && second === 'certificates' ? { content: { kind: 'certificate', certificateKey: third! } } : null;
    case 'notifications':
      if (!isFeedCategory(second) || parts.length > 3) return null;
      if (parts.length === 2) return {};
      return { content: second === 'general' ? { kind: 'announcement', announcementId: third! } : { kind: 'notification', notificationId: third! } };
    case 'certificates':
      return parts.length === 3 && second === 'verify' ? {} : null;
    case 'admin':
      return parts.length === 3 && second === 'announcements' ? {} : null;
    case 'learn-with-video':
      if (!isVideoServiceSlug(second)) return null;
      if (parts.length === 2) return {};
      return coursePage(parts.slice(2), ['video'], PROGRAM_BY_SERVICE_SLUG[second as keyof typeof PROGRAM_BY_SERVICE_SLUG]);
    case 'lineyahoo-marketing-skill-badge': {
      // The eight certification courses are known without the catalogue; their lessons are not.
      if (second !== 'courses' || !isCertificationSlug(third)) return null;
      const page = parts[3];
      if (parts.length === 3 || (parts.length === 4 && page !== undefined && EXAM_PAGES.has(page))) return {};
      return coursePage(parts.slice(1), ['certification'], null);
    }
  }
  if (isServiceSlug(first)) {
    if (parts.length === 1) return {};
    return coursePage(parts.slice(1), ['learning', 'seminar'], PROGRAM_BY_SERVICE_SLUG[first]);
  }
  return null;
}
