/// <reference lib="webworker" />
/**
 * The campus service worker, built by vite-plugin-pwa (injectManifest) to /sw.js with scope /.
 *
 * - the app shell (entry JS/CSS, index.html, icons) is precached, so the app starts offline;
 * - which other requests it answers, and how, is decided by lib/offline-cache-rules.ts;
 *   everything else goes to the network untouched;
 * - a new version waits until the learner chooses 更新する (the page sends SKIP_WAITING), then takes
 *   over every tab, which reload (features/app-updates).
 */
import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import { clientsClaim, type RouteHandlerCallbackOptions, type WorkboxPlugin } from 'workbox-core';
import { ExpirationPlugin } from 'workbox-expiration';
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute } from 'workbox-precaching';
import { registerRoute } from 'workbox-routing';
import { CacheFirst, NetworkFirst, NetworkOnly, type Strategy } from 'workbox-strategies';
import { ANALYTICS_LOG_ENDPOINT, analyticsLogRequest, isRelayAnalyticsMessage } from './lib/analytics-adapters/analytics-log-request';
import {
  APP_SHELL_URL,
  CACHE_LIMITS,
  cacheRuleFor,
  retiredRuntimeCaches,
  RUNTIME_CACHES,
  SKIP_WAITING_MESSAGE_TYPE,
  type CacheRule,
} from './lib/offline-cache-rules';

declare const self: ServiceWorkerGlobalScope;

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();
// The first worker takes the open page at once, so the lesson being read is cached without a reload.
// Later workers only arrive through SKIP_WAITING, when the learner asked for them.
clientsClaim();

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches.keys().then((names) => Promise.all(retiredRuntimeCaches(names).map((name) => caches.delete(name)))),
  );
});

self.addEventListener('message', (event) => {
  if ((event.data as { type?: unknown } | null)?.type === SKIP_WAITING_MESSAGE_TYPE) void self.skipWaiting();
  // The last analytics batch of a page being left (lib/analytics-adapters/first-party-log.ts); the
  // worker posts it only to the event log, as the page itself would have.
  if (isRelayAnalyticsMessage(event.data)) event.waitUntil(fetch(ANALYTICS_LOG_ENDPOINT, analyticsLogRequest(event.data.body)).catch(() => undefined));
});

const bounded = (limits: { maxEntries: number; maxAgeSeconds: number }, statuses = [200]): WorkboxPlugin[] => [
  new CacheableResponsePlugin({ statuses }),
  new ExpirationPlugin({ ...limits, purgeOnQuotaError: true }),
];

/**
 * A cached PDF is the whole file: without "accept-ranges" pdf.js reads it in one go instead of
 * asking for byte ranges, which only the network can answer.
 */
const wholeFileWhenCached: WorkboxPlugin = {
  cachedResponseWillBeUsed: async ({ cachedResponse }) => {
    if (!cachedResponse) return null;
    const headers = new Headers(cachedResponse.headers);
    headers.delete('accept-ranges');
    return new Response(cachedResponse.body, { status: cachedResponse.status, statusText: cachedResponse.statusText, headers });
  },
};

const forgetSessionWhenLoggedOut: WorkboxPlugin = {
  fetchDidSucceed: async ({ response }) => {
    if (response.status === 401) await caches.delete(RUNTIME_CACHES.session);
    return response;
  },
};

const strategies: Record<Exclude<CacheRule, 'page' | 'livePage'>, Strategy> = {
  // A 404 is an answer too: the lesson page asks the learning course first and falls back to the
  // seminar's lesson on 404, and must be able to do so offline.
  lesson: new NetworkFirst({ cacheName: RUNTIME_CACHES.lessons, plugins: bounded(CACHE_LIMITS.lessons, [200, 404]) }),
  slides: new NetworkFirst({ cacheName: RUNTIME_CACHES.slides, plugins: [...bounded(CACHE_LIMITS.slides), wholeFileWhenCached] }),
  // Only a logged-in answer is kept; a logged-out one (401) forgets it, so offline never shows a
  // session the server has ended.
  session: new NetworkFirst({ cacheName: RUNTIME_CACHES.session, plugins: [...bounded(CACHE_LIMITS.session), forgetSessionWhenLoggedOut] }),
  pdfjs: new CacheFirst({ cacheName: RUNTIME_CACHES.pdfjs, plugins: bounded(CACHE_LIMITS.pdfjs) }),
  asset: new CacheFirst({ cacheName: RUNTIME_CACHES.assets, plugins: bounded(CACHE_LIMITS.assets) }),
};

const pages = new NetworkFirst({ cacheName: RUNTIME_CACHES.pages, plugins: bounded(CACHE_LIMITS.pages) });
const livePages = new NetworkOnly();

/** Offline and no copy of the page: the app shell renders it, and the page says what it cannot load. */
async function appShell(): Promise<Response> {
  return (await matchPrecache(APP_SHELL_URL)) ?? Response.error();
}

async function handle(rule: CacheRule, options: RouteHandlerCallbackOptions): Promise<Response> {
  if (rule === 'page' || rule === 'livePage') {
    try {
      return await (rule === 'page' ? pages : livePages).handle(options);
    } catch {
      return appShell();
    }
  }
  return strategies[rule].handle(options);
}

registerRoute(
  ({ request, url }) =>
    cacheRuleFor({ url, method: request.method, mode: request.mode, hasRange: request.headers.has('range') }, self.location.origin) ?? false,
  (options) => handle(options.params as unknown as CacheRule, options),
);
