import { download } from '@campus/contracts/routes/lessons';
import { isLivePage } from '@campus/contracts/page-routes';
import { getMe } from '@campus/contracts/routes/me';
import {
  cacheRuleFor,
  DOWNLOAD_PATH,
  isLessonAnswer,
  isSlideDownload,
  PERSONAL_CACHES,
  retiredRuntimeCaches,
  RUNTIME_CACHES,
  SESSION_PATH,
  type RequestFacts,
} from './offline-cache-rules';
import { isPrecachedBuildFile } from './precached-build-files';

const ORIGIN = 'https://campus.example';

const request = (path: string, overrides: Partial<Omit<RequestFacts, 'url'>> = {}): RequestFacts => ({
  url: new URL(path, ORIGIN),
  method: 'GET',
  mode: 'cors',
  hasRange: false,
  ...overrides,
});
const navigation = (path: string) => request(path, { mode: 'navigate' });
const ruleOf = (facts: RequestFacts) => cacheRuleFor(facts, ORIGIN);

const SLIDES = `/api/v1/download?url=${encodeURIComponent('https://campus.example/media/slides/learning/line-ads-basics/account-structure.pdf')}`;

describe('cacheRuleFor: pages', () => {
  it.each([
    '/',
    '/line-ads/courses/line-ads-basics/lessons/account-structure',
    '/learn-with-video/yahoo-ads/courses/search-ads-quick-start/lessons/campaign-setup',
    '/lineyahoo-marketing-skill-badge/courses/line-ads-basic/lessons/intro',
    '/lineyahoo-marketing-skill-badge/courses/line-ads-basic',
    '/mypage/history',
    '/line-ads?page=2',
  ])('answers %s network first, with its cached copy offline', (path) => {
    expect(ruleOf(navigation(path))).toBe('page');
  });

  it.each([
    '/lineyahoo-marketing-skill-badge/courses/line-ads-basic/exam',
    '/lineyahoo-marketing-skill-badge/courses/line-ads-basic/exam/',
    '/lineyahoo-marketing-skill-badge/courses/line-ads-advanced/exam-policy',
    '/lineyahoo-marketing-skill-badge/courses/yahoo-ads-searchads-basic/exam-result',
    '/admin',
    '/admin/events',
    '/admin/announcements/123',
  ])('never answers the exam or admin page %s from its own cached copy', (path) => {
    expect(ruleOf(navigation(path))).toBe('livePage');
  });

  it.each(['/api/v1/login?currentUrl=%2F', '/api/v1/login/callback?code=x', '/api/v1/download?url=x', '/s/abc123', '/media/slides/a.pdf', '/metrics'])(
    'leaves the navigation to %s alone (not an app page)',
    (path) => {
      expect(ruleOf(navigation(path))).toBeNull();
    },
  );

  it('does not take a page whose name only starts like an exam or admin page for one', () => {
    expect(isLivePage('/administration')).toBe(false);
    expect(isLivePage('/lineyahoo-marketing-skill-badge/courses/line-ads-basic/exams')).toBe(false);
    expect(isLivePage('/lineyahoo-marketing-skill-badge/courses/line-ads-basic/lessons/exam')).toBe(false);
    expect(ruleOf(navigation('/apiary'))).toBe('page');
    expect(ruleOf(navigation('/share/common.png'))).toBe('page');
  });
});

describe('cacheRuleFor: lesson answers and slides', () => {
  it.each([
    '/api/v1/learning-courses/line-ads-basics/lessons/account-structure',
    '/api/v1/certification-courses/line-ads-basic/lessons/intro',
    '/api/v1/video-courses/search-ads-quick-start/lessons/campaign-setup',
    '/api/v1/seminar-courses/oa-store-use-seminar/lesson',
  ])('caches the lesson answer %s network first', (path) => {
    expect(ruleOf(request(path))).toBe('lesson');
  });

  it('keeps the logged-in learner (GET /api/v1/me) for pages behind a login, and nothing else of /me', () => {
    expect(ruleOf(request('/api/v1/me'))).toBe('session');
    expect(PERSONAL_CACHES).toContain(RUNTIME_CACHES.session);
    expect(ruleOf(request('/api/v1/me?x=1'))).toBeNull();
    expect(ruleOf(request('/api/v1/me/profile'))).toBeNull();
    expect(ruleOf(request('/api/v1/me', { method: 'PATCH' }))).toBeNull();
  });

  it.each([
    '/api/v1/has-unread/',
    '/api/v1/now/',
    '/api/v1/learning-courses/line-ads-basics',
    '/api/v1/learning-courses/',
    '/api/v1/certification-courses/line-ads-basic/exam',
    '/api/v1/certification-courses/line-ads-basic/current-exam-session',
    '/api/v1/certification-courses/line-ads-basic/last-result',
    '/api/v1/learning-courses/line-ads-basics/lessons/account-structure/mark-as-completed',
    '/api/v1/seminar-courses/oa-store-use-seminar/lesson/mark-as-completed',
    '/api/v1/learning-courses/line-ads-basics/lessons/account-structure?preview=1',
    '/api/v1/exam-sessions/abc/submit',
    '/socket.io/?EIO=4&transport=polling',
  ])('never touches %s', (path) => {
    expect(ruleOf(request(path))).toBeNull();
  });

  it('caches a slide PDF of the download proxy, but not videos or other files', () => {
    expect(ruleOf(request(SLIDES))).toBe('slides');
    expect(isSlideDownload(new URL(`/api/v1/download?url=${encodeURIComponent('/media/slides/Deck.PDF')}`, ORIGIN))).toBe(true);
    // The deck's first slide as a picture goes with it; other images do not.
    expect(isSlideDownload(new URL(`/api/v1/download?url=${encodeURIComponent('/media/slides/learning/c/deck.poster.webp')}`, ORIGIN))).toBe(true);
    expect(isSlideDownload(new URL(`/api/v1/download?url=${encodeURIComponent('/media/studio/thumbnail/card.webp')}`, ORIGIN))).toBe(false);
    expect(ruleOf(request(`/api/v1/download?url=${encodeURIComponent('https://campus.example/media/videos/a.mp4')}`))).toBeNull();
    expect(ruleOf(request('/api/v1/download'))).toBeNull();
    expect(ruleOf(request(`/api/v1/download?url=${encodeURIComponent('https://campus.example/media/a.pdf?x=1')}`))).toBe('slides');
    expect(isSlideDownload(new URL('/api/v1/download?url=http%3A%2F%2F%5B%3A%3A1', ORIGIN))).toBe(false);
  });

  it('leaves byte-range requests (video, pdf.js chunks) to the network', () => {
    expect(ruleOf(request(SLIDES, { hasRange: true }))).toBeNull();
    expect(ruleOf(request('/api/v1/seminar-courses/x/lesson', { hasRange: true }))).toBeNull();
  });

  it('caches nothing but GETs of its own origin', () => {
    expect(ruleOf(request('/api/v1/learning-courses/a/lessons/b', { method: 'PUT' }))).toBeNull();
    expect(ruleOf(request('/api/v1/learning-courses/a/lessons/b', { method: 'POST' }))).toBeNull();
    expect(ruleOf({ ...navigation('/'), url: new URL('https://elsewhere.example/') })).toBeNull();
    expect(ruleOf({ ...request('/x'), url: new URL('https://elsewhere.example/api/v1/seminar-courses/x/lesson') })).toBeNull();
  });

  it('matches lesson answers exactly', () => {
    expect(isLessonAnswer(new URL('/api/v1/learning-courses/a/lessons/b/', ORIGIN))).toBe(true);
    expect(isLessonAnswer(new URL('/api/v2/learning-courses/a/lessons/b', ORIGIN))).toBe(false);
    expect(isLessonAnswer(new URL('/api/v1/unknown-courses/a/lessons/b', ORIGIN))).toBe(false);
    expect(isLessonAnswer(new URL('/api/v1/learning-courses/a/lessons', ORIGIN))).toBe(false);
  });
});

describe('cacheRuleFor: build files', () => {
  it('keeps pdf.js helper files and build files the precache left out', () => {
    expect(ruleOf(request('/pdfjs/cmaps/UniJIS-UTF16-H.bcmap'))).toBe('pdfjs');
    expect(ruleOf(request('/pdfjs/standard_fonts/FoxitSans.pfb'))).toBe('pdfjs');
    expect(ruleOf(request('/assets/pdf.min-4NshI0sM.mjs'))).toBe('asset');
    expect(ruleOf(request('/assets/pdf.worker.min-FHbmGBN0.mjs'))).toBe('asset');
  });

  it('leaves share images and other public files to the network', () => {
    expect(ruleOf(request('/share/common.png'))).toBeNull();
    expect(ruleOf(request('/favicon.svg'))).toBeNull();
  });
});

describe('isPrecachedBuildFile', () => {
  it('precaches the app shell but not pdf.js and its worker', () => {
    expect(isPrecachedBuildFile('index.html')).toBe(true);
    expect(isPrecachedBuildFile('assets/index-BhXNnVoH.js')).toBe(true);
    expect(isPrecachedBuildFile('assets/lesson-page.loaders-DKadxHO-.js')).toBe(true);
    expect(isPrecachedBuildFile('assets/pdf-viewer-page-Ab12Cd34.js')).toBe(true);
    expect(isPrecachedBuildFile('assets/pdf-view-Ab12Cd34.js')).toBe(true);
    expect(isPrecachedBuildFile('assets/pdf.min-4NshI0sM.mjs')).toBe(false);
    expect(isPrecachedBuildFile('assets/pdf.worker.min-FHbmGBN0.mjs')).toBe(false);
  });
});

describe('retiredRuntimeCaches', () => {
  it('names the campus caches this version no longer uses, and leaves current ones and workbox precaches alone', () => {
    const names = ['campus-lessons', RUNTIME_CACHES.lessons, RUNTIME_CACHES.pages, 'campus-old-thing', 'workbox-precache-v2-https://campus.example/'];
    expect(retiredRuntimeCaches(names)).toEqual(['campus-lessons', 'campus-old-thing']);
    expect(retiredRuntimeCaches(Object.values(RUNTIME_CACHES))).toEqual([]);
  });
});

describe('the API paths the worker matches', () => {
  it('are those of their routes', () => {
    expect(DOWNLOAD_PATH).toBe(download.path);
    expect(SESSION_PATH).toBe(getMe.path);
  });
});
