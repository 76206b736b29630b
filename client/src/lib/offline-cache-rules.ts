import { isLivePage } from '@campus/contracts/page-routes';

/**
 * What the service worker (client/src/sw.ts) may answer from its caches (issue 8: lessons visited
 * recently — text and slides — can be read offline; exam pages and API answers are never served
 * stale). Plain functions of a request's URL, method and mode, so they are unit-tested without a worker.
 *
 * Everything not named here (every other /api call, socket.io, share images, other origins, any
 * write) is not the worker's business: the browser sends it to the network as if there were no worker.
 */

/** The worker's runtime caches (the precache has its own, managed by workbox). */
export const RUNTIME_CACHES = {
  /** HTML of pages visited, for reading them again offline. */
  pages: 'campus-pages',
  /**
   * Lesson answers of the API (text, slide address, completion). The number moves when the answer's
   * shape changes (2: the text comes as HTML), so an answer kept by an older version is never read.
   */
  lessons: 'campus-lessons-2',
  /** Slide PDFs, through the download proxy. */
  slides: 'campus-slides',
  /** pdf.js helper files (character maps, fonts, decoders) the slides need. */
  pdfjs: 'campus-pdfjs',
  /** Hashed build files left out of the precache (pdf.js and its worker). */
  assets: 'campus-assets',
  /** The last answer of the current-user route (`getMe`): who is logged in, for the pages that need a login offline. */
  session: 'campus-session',
} as const;

/**
 * Caches that may hold what only a logged-in learner can read (logged-in-only lessons, completion
 * marks): emptied at logout.
 */
export const PERSONAL_CACHES: readonly string[] = [RUNTIME_CACHES.lessons, RUNTIME_CACHES.slides, RUNTIME_CACHES.session];

/**
 * Runtime caches of earlier versions, which this one no longer names: deleted when its worker takes
 * over, so none is read again or kept with a learner's lessons after logout.
 */
export function retiredRuntimeCaches(cacheNames: readonly string[]): string[] {
  const current = new Set<string>(Object.values(RUNTIME_CACHES));
  return cacheNames.filter((name) => name.startsWith('campus-') && !current.has(name));
}

/** The precached page every navigation falls back to offline: the app renders from it and fetches live. */
export const APP_SHELL_URL = 'index.html';

/** Sent by workbox-window's messageSkipWaiting(): the learner chose to update. */
export const SKIP_WAITING_MESSAGE_TYPE = 'SKIP_WAITING';

/** How many entries each cache keeps, and for how long (a lesson read a month ago is not "recent"). */
export const CACHE_LIMITS = {
  pages: { maxEntries: 50, maxAgeSeconds: 30 * 24 * 60 * 60 },
  lessons: { maxEntries: 50, maxAgeSeconds: 30 * 24 * 60 * 60 },
  slides: { maxEntries: 30, maxAgeSeconds: 30 * 24 * 60 * 60 },
  pdfjs: { maxEntries: 60, maxAgeSeconds: 90 * 24 * 60 * 60 },
  assets: { maxEntries: 20, maxAgeSeconds: 90 * 24 * 60 * 60 },
  session: { maxEntries: 1, maxAgeSeconds: 30 * 24 * 60 * 60 },
} as const;

export type CacheRule =
  /** A page: the network first; offline its cached copy, else the app shell. */
  | 'page'
  /** A live page (contracts/page-routes.ts: the exam pages, the admin console): never its own cached copy; offline the app shell, whose page then fetches live data. */
  | 'livePage'
  /** A lesson answer of the API: the network first, the cached copy only when the network fails. */
  | 'lesson'
  /** A slide PDF through the download proxy: as lesson answers. */
  | 'slides'
  /**
   * The logged-in learner: the network first; the last logged-in answer only when the network fails,
   * so the lessons behind a login (certification lessons) open offline too.
   */
  | 'session'
  /** A pdf.js helper file: unchanged between visits, so the cached copy first. */
  | 'pdfjs'
  /** A hashed build file that was not precached: its name changes with its content, so the cached copy first. */
  | 'asset';

export interface RequestFacts {
  url: URL;
  method: string;
  /** `Request.mode`: 'navigate' for page loads. */
  mode: string;
  /** Whether the request asks for a byte range (media elements, pdf.js chunks): never answered from a cache. */
  hasRange: boolean;
}

/** Not pages of the app, even when navigated to: login and callback, downloads, short links, metrics, media. */
const NOT_APP_PAGE = /^\/(api|s|media|metrics|socket\.io)(\/|$)/;

/** The lesson reads of spec §7 (routes `getLesson`, `getSeminarLesson`), and nothing under them. */
const LESSON_ANSWER = [
  /^\/api\/v1\/(learning|certification|video)-courses\/[^/]+\/lessons\/[^/]+\/?$/,
  /^\/api\/v1\/seminar-courses\/[^/]+\/lesson\/?$/,
];
/**
 * The paths of the `download` and `getMe` routes, spelled out: the end-to-end tests load this file in
 * Node, where it cannot import the server's contracts. offline-cache-rules.spec.ts holds them to the routes.
 */
export const DOWNLOAD_PATH = '/api/v1/download';
export const SESSION_PATH = '/api/v1/me';

export const isLessonAnswer = (url: URL): boolean => url.search === '' && LESSON_ANSWER.some((pattern) => pattern.test(url.pathname));

/**
 * A deck fetched through the download proxy: its PDF, or the picture of its first slide shown before
 * the PDF is opened (videos and other media are left alone).
 */
export function isSlideDownload(url: URL): boolean {
  if (url.pathname !== DOWNLOAD_PATH) return false;
  const target = url.searchParams.get('url');
  if (!target) return false;
  try {
    const file = new URL(target, url.origin).pathname.toLowerCase();
    return file.endsWith('.pdf') || file.endsWith('.poster.webp');
  } catch {
    return false;
  }
}

/**
 * The rule for one request seen by the worker of `origin`, or null: not the worker's business.
 * Only same-origin GETs qualify; a range request is always left to the network.
 */
export function cacheRuleFor(request: RequestFacts, origin: string): CacheRule | null {
  const { url } = request;
  if (url.origin !== origin || request.method !== 'GET' || request.hasRange) return null;
  if (request.mode === 'navigate') {
    if (NOT_APP_PAGE.test(url.pathname)) return null;
    return isLivePage(url.pathname) ? 'livePage' : 'page';
  }
  if (isLessonAnswer(url)) return 'lesson';
  if (url.pathname === SESSION_PATH && url.search === '') return 'session';
  if (isSlideDownload(url)) return 'slides';
  if (url.pathname.startsWith('/pdfjs/')) return 'pdfjs';
  if (url.pathname.startsWith('/assets/')) return 'asset';
  return null;
}
