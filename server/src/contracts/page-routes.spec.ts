import { isSlugShaped, isFeedCategory, isServiceSlug, isVideoServiceSlug, PROGRAM_BY_SERVICE_SLUG, SERVICE_LABELS, type Program } from './catalogue-slugs';
import { isLivePage, matchPagePath, PAGE_ROUTES, type CoursePageContent, type PagePath } from './page-routes';

/*
 * The route table was three hand-kept lists before it became PAGE_ROUTES: the server's matcher below
 * (as it was, the oracle), the router's paths and the service worker's live-page patterns. The table
 * must answer every path as they did.
 */
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
function previousCoursePage(rest: string[], courseKinds: CoursePageContent['courseKinds'], program: Program | null, area: CoursePageContent['area']): PagePath | null {
  const [courses, courseSlug, lessons, lessonSlug] = rest;
  if (courses !== 'courses' || !courseSlug) return null;
  if (rest.length === 2) return { content: { kind: 'course', courseKinds, program, courseSlug, area } };
  if (rest.length === 4 && lessons === 'lessons' && lessonSlug) return { content: { kind: 'course', courseKinds, program, courseSlug, area, lessonSlug } };
  return null;
}

const BADGE_AREA = { label: 'マーケティングスキルバッジ', path: '/lineyahoo-marketing-skill-badge' };

/** The page at this path (its segments percent-decoded), or null when the site has no such page. */
function previousMatchPagePath(pathname: string): PagePath | null {
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
      return previousCoursePage(parts.slice(2), ['video'], PROGRAM_BY_SERVICE_SLUG[second as keyof typeof PROGRAM_BY_SERVICE_SLUG], {
        label: `動画で学ぶ ${SERVICE_LABELS[second as keyof typeof SERVICE_LABELS]}`,
        path: `/learn-with-video/${second}`,
      });
    case 'lineyahoo-marketing-skill-badge': {
      // Certification courses are the catalogue's (the studio adds them): each of their pages asks it.
      if (second !== 'courses' || !isSlugShaped(third)) return null;
      const page = parts[3];
      if (parts.length === 3) return { content: { kind: 'course', courseKinds: ['certification'], program: null, courseSlug: third, area: BADGE_AREA } };
      if (parts.length === 4 && page !== undefined && EXAM_PAGES.has(page)) {
        return { content: { kind: 'course', courseKinds: ['certification'], program: null, courseSlug: third, area: BADGE_AREA, examPage: true } };
      }
      return previousCoursePage(parts.slice(1), ['certification'], null, BADGE_AREA);
    }
  }
  if (isServiceSlug(first)) {
    if (parts.length === 1) return {};
    return previousCoursePage(parts.slice(1), ['learning', 'seminar'], PROGRAM_BY_SERVICE_SLUG[first], { label: SERVICE_LABELS[first], path: `/${first}` });
  }
  return null;
}

/** The service worker's live pages as they were written by hand. */
const previousIsLivePage = (pathname: string) =>
  new RegExp('^/lineyahoo-marketing-skill-badge/courses/[^/]+/(exam|exam-policy|exam-result)/?$').test(pathname) || /^\/admin(\/|$)/.test(pathname);

const SEGMENTS = [
  'mypage', 'profile', 'edit', 'history', 'wishlist', 'certificates', 'abc123', 'notifications', 'general', 'personal', 'secret',
  'line-green-badge', 'lineyahoo-marketing-skill-badge', 'terms', 'privacy', 'verify', 'admin', 'events', 'announcements', 'new',
  'analytics-log', 'credentials', 'learn-with-video', 'line-official-account', 'line-ads', 'yahoo-ads', 'line-pay', 'courses',
  'line-ads-basic', 'line-ads-expert', 'lessons', 'exam', 'exam-policy', 'exam-result', 'exams', 'basics', '%E3%81%82', '%E0%A4%A',
];

/** Every path of up to three of these segments, and the longer course and lesson paths the table knows. */
function paths(): string[] {
  const all = ['/', '//', '/mypage/', '/mypage//profile', '/mypage%2Fprofile'];
  for (const a of SEGMENTS) {
    all.push(`/${a}`, `/${a}/`);
    for (const b of SEGMENTS) {
      all.push(`/${a}/${b}`);
      for (const c of SEGMENTS) all.push(`/${a}/${b}/${c}`);
    }
  }
  const prefixes = ['/line-ads', '/yahoo-ads', '/line-pay', '/learn-with-video/yahoo-ads', '/learn-with-video/line-ads', '/lineyahoo-marketing-skill-badge'];
  for (const prefix of prefixes) {
    for (const course of ['basics', 'line-ads-basic', 'line-ads-expert']) {
      for (const rest of ['', '/', '/exam', '/exam/', '/exam-policy', '/exam-result', '/exams', '/lessons', '/lessons/one', '/lessons/one/', '/lessons/one/more', '/lesson/one']) {
        all.push(`${prefix}/courses/${course}${rest}`);
      }
    }
  }
  return all;
}

describe('PAGE_ROUTES', () => {
  it('answers every path as the hand-written matcher did', () => {
    const all = paths();
    expect(all.length).toBeGreaterThan(50_000);
    const differences = all.filter((path) => JSON.stringify(matchPagePath(path)) !== JSON.stringify(previousMatchPagePath(path)));
    // The one difference: an encoded slash is part of its segment, as the router reads it (its 404 page),
    // where the old matcher joined the decoded segments and called /mypage%2Fprofile a page (a soft 404).
    expect(differences).toEqual(['/mypage%2Fprofile']);
    expect(matchPagePath('/mypage%2Fprofile')).toBeNull();
  });

  it('takes as live pages those the service worker did, and no other', () => {
    const all = [...paths(), '/administration', '/admin-x', '/lineyahoo-marketing-skill-badge/courses/x/exam/y'];
    expect(all.filter((path) => isLivePage(path) !== previousIsLivePage(path))).toEqual([]);
  });

  it('has one entry per path pattern', () => {
    const patterns = Object.values(PAGE_ROUTES).map((page) => page.path);
    expect(new Set(patterns).size).toBe(patterns.length);
  });
});
