import {
  isSlugShaped,
  isFeedCategory,
  isServiceSlug,
  isVideoServiceSlug,
  PROGRAM_BY_SERVICE_SLUG,
  SERVICE_LABELS,
  type Program,
  type ServiceSlug,
} from './catalogue-slugs.js';
import { SKILL_BADGE_NAME, videoAreaName } from './page-names.js';

/**
 * The pages of the site (spec §2 route table), in one place: the client's router takes its path
 * patterns from here (client/src/app/router.tsx), the service worker which pages it never answers from
 * its cache (client/src/lib/offline-cache-rules.ts), and the server which paths are pages at all, so
 * that it answers an unknown page with HTTP 404 rather than a page that says 404 (a soft 404).
 * Adding a page is one entry here, and its component in the router. Zod-free, like the slugs it checks.
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
  /** The landing page the course belongs to: the first place after トップ in the page's breadcrumb. */
  area: { label: string; path: string };
  /** One of the course's exam pages (policy, exam, result): the course names it, but it is not the course's page. */
  examPage?: true;
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

/** A path parameter's check (spec §2 slugs): a path whose parameter fails it is no page. */
type ParamCheck = (value: string | undefined) => boolean;

export interface PageRoute {
  /** The path pattern, as react-router writes it: `:name` stands for one segment. */
  path: string;
  /** Checks of the path's parameters; a parameter without one may be any segment. */
  params?: Readonly<Record<string, ParamCheck>>;
  /** What the page shows that only the server's data knows: the page exists only if it does. */
  content?: (params: Readonly<Record<string, string>>) => PageContent;
  /**
   * Live data only: the service worker never answers it from its own cached copy. 'page': this page
   * (the exam's clock, questions and result); 'area': this page and every path under it (the admin console).
   */
  live?: 'page' | 'area';
}

const BADGE = '/lineyahoo-marketing-skill-badge';
const SERVICE = { serviceSlug: isServiceSlug };
const VIDEO_SERVICE = { serviceSlug: isVideoServiceSlug };
const CERTIFICATION_COURSE = { courseSlug: isSlugShaped };

type Params = Readonly<Record<string, string>>;

/** A course or lesson page's content: the course (and lesson) the address names, of these kinds and program, in its area. */
const coursePage =
  (courseKinds: CoursePageContent['courseKinds'], programOf: (params: Params) => Program | null, areaOf: (params: Params) => CoursePageContent['area'], examPage = false) =>
  (params: Params): PageContent => {
    const { courseSlug, lessonSlug } = params as { courseSlug: string; lessonSlug?: string };
    const course: CoursePageContent = { kind: 'course', courseKinds, program: programOf(params), courseSlug, area: areaOf(params) };
    if (examPage) return { ...course, examPage };
    return lessonSlug === undefined ? course : { ...course, lessonSlug };
  };
const serviceOf = (params: Params) => params.serviceSlug as ServiceSlug;
const programOfService = (params: Params) => PROGRAM_BY_SERVICE_SLUG[serviceOf(params)];
const learningCourse = coursePage(['learning', 'seminar'], programOfService, (params) => ({ label: SERVICE_LABELS[serviceOf(params)], path: `/${serviceOf(params)}` }));
const videoCourse = coursePage(['video'], programOfService, (params) => ({ label: videoAreaName(serviceOf(params)), path: `/learn-with-video/${serviceOf(params)}` }));
// Certification courses are the catalogue's too: the studio adds them beside the pack's eight.
const badgeArea = () => ({ label: SKILL_BADGE_NAME, path: BADGE });
const certificationCourse = coursePage(['certification'], () => null, badgeArea);
const certificationExamPage = coursePage(['certification'], () => null, badgeArea, true);

/** Every page of the site, by name (spec §2). */
export const PAGE_ROUTES = {
  home: { path: '/' },
  // Redirects to the profile.
  mypage: { path: '/mypage' },
  profile: { path: '/mypage/profile' },
  profileEdit: { path: '/mypage/profile/edit' },
  history: { path: '/mypage/history' },
  wishlist: { path: '/mypage/wishlist' },
  certificates: { path: '/mypage/certificates' },
  certificate: { path: '/mypage/certificates/:certificateSlug', content: (params) => ({ kind: 'certificate', certificateKey: params.certificateSlug! }) },
  // Redirects to the general feed.
  notifications: { path: '/notifications' },
  feed: { path: '/notifications/:feedCategory', params: { feedCategory: isFeedCategory } },
  feedItem: {
    path: '/notifications/:feedCategory/:feedSlug',
    params: { feedCategory: isFeedCategory },
    content: ({ feedCategory, feedSlug }) =>
      feedCategory === 'general' ? { kind: 'announcement', announcementId: feedSlug! } : { kind: 'notification', notificationId: feedSlug! },
  },
  videoService: { path: '/learn-with-video/:serviceSlug', params: VIDEO_SERVICE },
  videoCourse: { path: '/learn-with-video/:serviceSlug/courses/:courseSlug', params: VIDEO_SERVICE, content: videoCourse },
  videoLesson: { path: '/learn-with-video/:serviceSlug/courses/:courseSlug/lessons/:lessonSlug', params: VIDEO_SERVICE, content: videoCourse },
  badgeLanding: { path: BADGE },
  certificationCourse: { path: `${BADGE}/courses/:courseSlug`, params: CERTIFICATION_COURSE, content: certificationCourse },
  examPolicy: { path: `${BADGE}/courses/:courseSlug/exam-policy`, params: CERTIFICATION_COURSE, content: certificationExamPage, live: 'page' },
  exam: { path: `${BADGE}/courses/:courseSlug/exam`, params: CERTIFICATION_COURSE, content: certificationExamPage, live: 'page' },
  examResult: { path: `${BADGE}/courses/:courseSlug/exam-result`, params: CERTIFICATION_COURSE, content: certificationExamPage, live: 'page' },
  certificationLesson: { path: `${BADGE}/courses/:courseSlug/lessons/:lessonSlug`, params: CERTIFICATION_COURSE, content: certificationCourse },
  lineGreenBadge: { path: '/line-green-badge' },
  terms: { path: '/terms' },
  privacy: { path: '/privacy' },
  credentialVerifier: { path: '/certificates/verify' },
  mailUnsubscribe: { path: '/mail/unsubscribe' },
  mailConfirm: { path: '/mail/confirm' },
  certificateVerification: { path: '/certificates/verify/:certificateSlug' },
  service: { path: '/:serviceSlug', params: SERVICE },
  course: { path: '/:serviceSlug/courses/:courseSlug', params: SERVICE, content: learningCourse },
  lesson: { path: '/:serviceSlug/courses/:courseSlug/lessons/:lessonSlug', params: SERVICE, content: learningCourse },
  // The admin console; its root redirects to the events.
  admin: { path: '/admin', live: 'area' },
  adminEvents: { path: '/admin/events' },
  adminAnnouncements: { path: '/admin/announcements' },
  adminAnnouncementNew: { path: '/admin/announcements/new' },
  adminAnnouncementEdit: { path: '/admin/announcements/:announcementId' },
  adminMessages: { path: '/admin/messages' },
  adminAccommodations: { path: '/admin/accommodations' },
  adminQueues: { path: '/admin/queues' },
  adminAnalytics: { path: '/admin/analytics' },
  adminAnalyticsLog: { path: '/admin/analytics-log' },
  adminImports: { path: '/admin/imports' },
  adminCredentials: { path: '/admin/credentials' },
  adminStudio: { path: '/admin/studio' },
  adminStudioCourses: { path: '/admin/studio/courses' },
  adminStudioCourse: { path: '/admin/studio/courses/:courseId' },
  adminStudioCoursePreview: { path: '/admin/studio/courses/:courseId/preview' },
  adminStudioLessonPreview: { path: '/admin/studio/courses/:courseId/preview/lessons/:lessonSlug' },
  adminStudioQuestions: { path: '/admin/studio/questions' },
  adminStudioQuestionBank: { path: '/admin/studio/questions/:courseSlug' },
  adminStudioQuestionNew: { path: '/admin/studio/questions/:courseSlug/new' },
  adminStudioQuestionEdit: { path: '/admin/studio/questions/:courseSlug/edit/:questionId' },
  adminStudioBlueprint: { path: '/admin/studio/questions/:courseSlug/blueprint' },
  adminStudioExamPreview: { path: '/admin/studio/questions/:courseSlug/preview' },
  adminStudioItemStatistics: { path: '/admin/studio/questions/:courseSlug/statistics' },
} as const satisfies Record<string, PageRoute>;

export type PageName = keyof typeof PAGE_ROUTES;

const PAGES: readonly PageRoute[] = Object.values(PAGE_ROUTES);

/** Whether the parameters a page's path gave pass its checks. */
export const pageParamsValid = (page: PageRoute, params: Readonly<Record<string, string | undefined>>): boolean =>
  Object.entries(page.params ?? {}).every(([name, check]) => check(params[name]));

const segmentsOf = (path: string) => path.split('/').filter(Boolean);

/** The page's parameters if its pattern matches these segments, or null. */
function paramsOf(page: PageRoute, segments: readonly string[]): Record<string, string> | null {
  const pattern = segmentsOf(page.path);
  if (pattern.length !== segments.length) return null;
  const params: Record<string, string> = {};
  for (const [index, part] of pattern.entries()) {
    if (part.startsWith(':')) params[part.slice(1)] = segments[index]!;
    else if (part !== segments[index]) return null;
  }
  return params;
}

const decoded = (segment: string): string | undefined => {
  try {
    return decodeURIComponent(segment);
  } catch {
    return undefined;
  }
};

/** The page at this path (its segments percent-decoded), or null when the site has no such page. */
export function matchPagePath(pathname: string): PagePath | null {
  const segments = segmentsOf(pathname).map(decoded);
  if (segments.some((segment) => segment === undefined)) return null;
  for (const page of PAGES) {
    const params = paramsOf(page, segments as string[]);
    if (params && pageParamsValid(page, params)) return page.content ? { content: page.content(params) } : {};
  }
  return null;
}

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A page's pattern as a regular expression on a pathname: any segment for a parameter, unchecked. */
function livePattern(page: PageRoute): RegExp {
  const path = segmentsOf(page.path)
    .map((part) => (part.startsWith(':') ? '[^/]+' : escaped(part)))
    .join('/');
  return new RegExp(page.live === 'area' ? `^/${path}(/|$)` : `^/${path}/?$`);
}

const LIVE_PAGES = PAGES.filter((page) => page.live).map(livePattern);

/** Whether a pathname is a live page (an exam page, the admin console): never answered from a cached copy. */
export const isLivePage = (pathname: string): boolean => LIVE_PAGES.some((pattern) => pattern.test(pathname));
