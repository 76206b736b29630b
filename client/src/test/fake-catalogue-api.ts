import type { CourseCardPage } from '@campus/contracts/catalogue';
import { CERTIFICATION_SLUGS, isCertificationSlug } from '@campus/contracts/catalogue-slugs';
import { aCertificationCourse, aCourseCard, aCourseDetail, OA_CATEGORIES, PROGRAMS } from './catalogue-fixtures';
import { forgetSeminarLists } from '../lib/course-routes/course-kind';
import { forgetPageFacts } from '../lib/course-routes/course-kind-from-server';
import { aCertificate, aCertificateVerification } from './certificate-fixtures';
import { lessonAt } from './lesson-fixtures';

/** An answer of the fake API: a JSON body (status 200) or a full Response. */
export type FakeAnswer = unknown;
/** Answers one request; `url` carries the query. */
export type FakeRoute = (url: URL, init: RequestInit) => FakeAnswer | Promise<FakeAnswer>;

export const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

export const apiErrorResponse = (status: number, code: string, message = 'エラー', field?: string) => json({ message, status, code, ...(field ? { field } : {}) }, status);

const page = (items: ReturnType<typeof aCourseCard>[]): CourseCardPage => ({ items, total: items.length, page: 1, limit: 12 });

/** Slug → detail for any slug: the catalogue answers every course page of the route table. */
const courseDetail = (kind: 'learning' | 'seminar' | 'video') => (url: URL) => {
  const slug = decodeURIComponent(url.pathname.split('/').pop() ?? '');
  return aCourseDetail({ kind, slug, title: `コース ${slug}` });
};

/** Any lesson of any course of the kind: `…/{kind}-courses/{courseSlug}/lessons/{lessonSlug}`. */
const lessonDetail = (kind: 'learning' | 'video' | 'certification') => (url: URL) => {
  const [, , , , courseSlug = '', , lessonSlug = ''] = url.pathname.split('/').map(decodeURIComponent);
  return lessonAt(kind, courseSlug, lessonSlug);
};

/** Any id is an item of the feed, titled after it: `…/notifications/welcome` → 「お知らせ welcome」. */
const aFeedItem = (url: URL, feed: string) => ({
  id: decodeURIComponent(url.pathname.split('/').pop() ?? ''),
  title: `${feed} ${decodeURIComponent(url.pathname.split('/').pop() ?? '')}`,
  body: '本文',
  link: null,
  publishedAt: '2026-11-22T01:00:00.000Z',
  isRead: true,
});

/**
 * The catalogue API as the route tables need it, keyed `GET /api/v1/featured` (no trailing slash;
 * a `*` segment matches one path segment). Pass routes to replace or add answers.
 */
export const DEFAULT_CATALOGUE_ROUTES: Record<string, FakeRoute> = {
  'GET /api/v1/featured': () => [],
  'GET /api/v1/programs': () => PROGRAMS,
  'GET /api/v1/campaign': () => apiErrorResponse(404, 'NOT_FOUND', 'キャンペーンはありません'),
  'GET /api/v1/categories': (url) => OA_CATEGORIES.map((category) => ({ ...category, program: url.searchParams.get('program') })),
  'GET /api/v1/learning-courses': () => page([aCourseCard()]),
  'GET /api/v1/learning-courses/*': courseDetail('learning'),
  'GET /api/v1/seminar-courses': () => [],
  'GET /api/v1/seminar-courses/*': courseDetail('seminar'),
  'GET /api/v1/video-courses': () => [],
  'GET /api/v1/video-courses/*': courseDetail('video'),
  'GET /api/v1/certification-courses': () => CERTIFICATION_SLUGS.map((slug) => aCertificationCourse(slug)),
  'GET /api/v1/certification-courses/*': (url) => {
    const slug = url.pathname.split('/').pop();
    return isCertificationSlug(slug) ? aCertificationCourse(slug) : apiErrorResponse(404, 'NOT_FOUND');
  },
  'GET /api/v1/learning-courses/*/lessons/*': lessonDetail('learning'),
  'GET /api/v1/video-courses/*/lessons/*': lessonDetail('video'),
  'GET /api/v1/certification-courses/*/lessons/*': lessonDetail('certification'),
  'PUT /api/v1/*/*/mark-as-visited': () => ({ visitedAt: '2026-11-22T01:00:00.000Z' }),
  'GET /api/v2/course-history': () => ({ items: [], total: 0 }),
  'GET /api/v2/favorite-courses': () => [],
  // The certificate pages of the route table: any slug is one of the learner's certificates.
  'GET /api/v1/certificates/*': (url) => aCertificate({ slug: decodeURIComponent(url.pathname.split('/').pop() ?? '') }),
  // The exam pages of the route table: no exam running, no result yet, the server clock.
  'GET /api/v1/certification-courses/*/exam': () => apiErrorResponse(404, 'NOT_FOUND', '受験中の試験はありません'),
  'GET /api/v1/certification-courses/*/current-exam-session': () => null,
  'GET /api/v1/certification-courses/*/last-result': () => apiErrorResponse(404, 'NOT_FOUND', '試験結果はありません'),
  'GET /api/v1/now': () => ({ value: Date.now() }),
  'GET /api/v1/certificate-verifications/*': (url) =>
    aCertificateVerification({ slug: decodeURIComponent(url.pathname.split('/').pop() ?? '') }),
  // The notification pages of the route table: empty feeds, and any id is an item titled after its feed.
  'GET /api/v1/announcements': () => ({ items: [], total: 0, limit: 20, offset: 0 }),
  'GET /api/v1/notifications': () => ({ items: [], total: 0, limit: 20, offset: 0 }),
  'GET /api/v1/announcements/*': (url) => aFeedItem(url, 'お知らせ'),
  'GET /api/v1/notifications/*': (url) => aFeedItem(url, 'あなたへのお知らせ'),
  'PUT /api/v1/announcements/mark-as-read': () => ({ markedCount: 0 }),
  'PUT /api/v1/notifications/mark-as-read': () => ({ markedCount: 0 }),
  // The agreement pages: each text titled after its kind.
  'GET /api/v1/agreements/terms': () => ({ kind: 'terms', version: '2026-04-01', title: '利用規約', bodyHtml: '<h2>第1条（適用）</h2>\n<p>本文</p>\n' }),
  'GET /api/v1/agreements/privacy': () => ({ kind: 'privacy', version: '2026-04-01', title: 'プライバシーポリシー', bodyHtml: '<h2>1. 取得する情報</h2>\n<p>本文</p>\n' }),
};

function matches(pattern: string, key: string): boolean {
  const want = pattern.split('/');
  const have = key.split('/');
  return want.length === have.length && want.every((part, index) => part === '*' || part === have[index]);
}

/**
 * Replaces `fetch` with the fake catalogue API (the exact key wins over a `*` pattern). Other
 * requests go to the real `fetch`, as without the fake (other features' specs fake their own).
 * Returns the mock, whose calls are `[url, init]`.
 */
export function fakeCatalogueApi(routes: Record<string, FakeRoute> = {}): jest.Mock {
  // A new API: nothing kept from the last one (the seminar lists of lib/course-routes/course-kind.ts,
  // the page facts of course-kind-from-server.ts).
  forgetSeminarLists();
  forgetPageFacts();
  const table = { ...DEFAULT_CATALOGUE_ROUTES, ...routes };
  const realFetch = globalThis.fetch;
  const fetchMock = jest.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://campus.test');
    const key = `${init.method ?? 'GET'} ${url.pathname.replace(/\/$/, '')}`;
    const route = table[key] ?? Object.entries(table).find(([pattern]) => pattern.includes('*') && matches(pattern, key))?.[1];
    if (!route) return realFetch(input, init);
    const answer = await route(url, init);
    return answer instanceof Response ? answer : json(answer);
  });
  jest.spyOn(globalThis, 'fetch').mockImplementation(fetchMock as unknown as typeof fetch);
  return fetchMock;
}

/** The requests the fake answered, as `GET /api/v1/…?query` strings. */
export const requestsOf = (fetchMock: jest.Mock): string[] =>
  fetchMock.mock.calls.map(([input, init]: [RequestInfo | URL, RequestInit | undefined]) => `${init?.method ?? 'GET'} ${String(input)}`);
