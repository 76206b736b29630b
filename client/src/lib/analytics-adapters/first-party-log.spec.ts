import type { AnalyticsReport } from '@campus/contracts/analytics-log';
import { XHR_HEADERS } from '../api-client';
import {
  FLUSH_AT_COUNT,
  FLUSH_IDLE_MS,
  firstPartyLogAdapter,
  MAX_QUEUED_REPORTS,
  MAX_SEND_ATTEMPTS,
  type FirstPartyLogAdapter,
} from './first-party-log';
import { ANALYTICS_LOG_ENDPOINT } from './analytics-log-request';

const NOW = new Date('2026-11-22T03:00:00.000Z');

/** A fake network: records each request and answers with `answer` (a status, or a thrown failure). */
function fakeNetwork() {
  const requests: { url: string; init: RequestInit; reports: AnalyticsReport[] }[] = [];
  let answer: () => Promise<{ ok: boolean; status: number }> = async () => ({ ok: true, status: 204 });
  const send = jest.fn(async (url: string, init: RequestInit) => {
    requests.push({ url, init, reports: (JSON.parse(init.body as string) as { events: AnalyticsReport[] }).events });
    return answer();
  });
  return {
    send,
    requests,
    answerWith(status: number) {
      answer = async () => ({ ok: status >= 200 && status < 300, status });
    },
    failWith(error: Error) {
      answer = async () => {
        throw error;
      };
    },
  };
}

const setVisibility = (state: DocumentVisibilityState) => Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => state });
const setOnline = (online: boolean) => jest.spyOn(window.navigator, 'onLine', 'get').mockReturnValue(online);
/** Lets the fake network's promises settle (they are microtasks, not timers). */
const settle = () => jest.advanceTimersByTimeAsync(0);

describe('firstPartyLogAdapter', () => {
  let network: ReturnType<typeof fakeNetwork>;
  let log: FirstPartyLogAdapter;

  beforeEach(() => {
    jest.useFakeTimers();
    window.history.replaceState(null, '', '/line-ads/courses/ads-basics');
    setVisibility('visible');
    network = fakeNetwork();
    log = firstPartyLogAdapter({ send: network.send, now: () => NOW });
  });
  afterEach(() => {
    log.dispose();
    jest.useRealTimers();
  });

  it('sends what was queued after 5 s without a new report, as one JSON XHR from the same origin', async () => {
    log.pageView('/line-ads');
    log.event('header_navigation', { key: 'learn' });
    await jest.advanceTimersByTimeAsync(FLUSH_IDLE_MS - 1);
    expect(network.send).not.toHaveBeenCalled();
    // A new report starts the quiet period again.
    log.goal('login');
    await jest.advanceTimersByTimeAsync(FLUSH_IDLE_MS - 1);
    expect(network.send).not.toHaveBeenCalled();
    await jest.advanceTimersByTimeAsync(1);

    expect(network.requests).toHaveLength(1);
    const [{ url, init, reports }] = network.requests;
    expect(url).toBe(ANALYTICS_LOG_ENDPOINT);
    expect(init).toMatchObject({ method: 'POST', credentials: 'same-origin', keepalive: false });
    expect(init.headers).toEqual({ ...XHR_HEADERS, 'Content-Type': 'application/json' });
    expect(reports).toEqual([
      { kind: 'page_view', name: 'page_view', path: '/line-ads', occurredAt: NOW.toISOString(), params: {} },
      { kind: 'event', name: 'header_navigation', path: '/line-ads/courses/ads-basics', occurredAt: NOW.toISOString(), params: { key: 'learn' } },
      { kind: 'goal', name: 'login', path: '/line-ads/courses/ads-basics', occurredAt: NOW.toISOString(), params: {} },
    ]);
    await jest.advanceTimersByTimeAsync(FLUSH_IDLE_MS * 3);
    expect(network.send).toHaveBeenCalledTimes(1);
  });

  it('sends at once when 20 reports wait', () => {
    for (let index = 0; index < FLUSH_AT_COUNT - 1; index += 1) log.event('lesson_answer_check', { index });
    expect(network.send).not.toHaveBeenCalled();
    log.event('lesson_answer_check', { index: FLUSH_AT_COUNT - 1 });
    expect(network.requests).toHaveLength(1);
    expect(network.requests[0]!.reports.map((report) => report.params.index)).toEqual(Array.from({ length: FLUSH_AT_COUNT }, (_, index) => index));
  });

  it('sends at once with keepalive when the page is hidden or left, and not when it shows again', () => {
    log.pageView('/yahoo-ads');
    setVisibility('visible');
    document.dispatchEvent(new Event('visibilitychange'));
    expect(network.send).not.toHaveBeenCalled();

    setVisibility('hidden');
    document.dispatchEvent(new Event('visibilitychange'));
    expect(network.requests).toHaveLength(1);
    expect(network.requests[0]!.init.keepalive).toBe(true);

    log.pageView('/line-ads');
    window.dispatchEvent(new Event('pagehide'));
    expect(network.requests).toHaveLength(2);
    expect(network.requests[1]).toMatchObject({ init: { keepalive: true }, reports: [{ path: '/line-ads' }] });
  });

  it('hands the last batch to the service worker when one controls the page, and sends the others itself', async () => {
    const postMessage = jest.fn();
    Object.defineProperty(window.navigator, 'serviceWorker', { configurable: true, value: { controller: { postMessage } } });
    try {
      log.pageView('/line-ads');
      await jest.advanceTimersByTimeAsync(FLUSH_IDLE_MS);
      expect(network.requests).toHaveLength(1);

      log.pageView('/yahoo-ads');
      window.dispatchEvent(new Event('pagehide'));
      expect(network.requests).toHaveLength(1);
      expect(postMessage).toHaveBeenCalledTimes(1);
      const [message] = postMessage.mock.calls[0] as [{ type: string; body: string }];
      expect(message.type).toBe('campus:relay-analytics');
      expect((JSON.parse(message.body) as { events: AnalyticsReport[] }).events.map((report) => report.path)).toEqual(['/yahoo-ads']);
    } finally {
      delete (window.navigator as { serviceWorker?: unknown }).serviceWorker;
    }
  });

  it('keeps each request under the keepalive size limit and 50 reports', () => {
    const bulky = { text: 'x'.repeat(1_500) };
    for (let index = 0; index < 60; index += 1) log.pageView(`/page-${index}`);
    // 60 small reports were sent in batches of 20 as they came; now 45 bulky ones (~70 kB) wait.
    network.requests.length = 0;
    for (let index = 0; index < 15; index += 1) log.event('bulky', bulky);
    setOnline(false);
    for (let index = 15; index < 45; index += 1) log.event('bulky', bulky);
    jest.restoreAllMocks();
    log.flush(true);
    const sizes = network.requests.map((request) => (request.init.body as string).length);
    expect(network.requests.flatMap((request) => request.reports)).toHaveLength(45);
    expect(network.requests.length).toBeGreaterThan(1);
    expect(sizes.every((size) => size < 64 * 1024)).toBe(true);
    expect(network.requests.every((request) => request.reports.length <= 50)).toBe(true);
  });

  it('never throws nor logs when the network fails, tries a batch 3 times, then drops it', async () => {
    const consoleError = jest.spyOn(console, 'error').mockImplementation(() => {});
    network.failWith(new TypeError('Failed to fetch'));
    log.event('share', { method: 'copy' });
    for (let attempt = 1; attempt <= MAX_SEND_ATTEMPTS + 2; attempt += 1) await jest.advanceTimersByTimeAsync(FLUSH_IDLE_MS);
    expect(network.send).toHaveBeenCalledTimes(MAX_SEND_ATTEMPTS);
    expect(consoleError).not.toHaveBeenCalled();
  });

  it('tries a 503 again but drops a batch the server refused (400, 403)', async () => {
    network.answerWith(503);
    log.event('share', { method: 'copy' });
    await jest.advanceTimersByTimeAsync(FLUSH_IDLE_MS);
    network.answerWith(204);
    await jest.advanceTimersByTimeAsync(FLUSH_IDLE_MS);
    expect(network.requests.map((request) => request.reports.length)).toEqual([1, 1]);

    network.answerWith(400);
    log.event('share', { method: 'link' });
    await jest.advanceTimersByTimeAsync(FLUSH_IDLE_MS * 4);
    network.answerWith(403);
    log.event('share', { method: 'x' });
    await jest.advanceTimersByTimeAsync(FLUSH_IDLE_MS * 4);
    expect(network.send).toHaveBeenCalledTimes(4);
  });

  it('waits while offline with at most 200 reports, the newest, and sends them when back online', async () => {
    setOnline(false);
    for (let index = 0; index < MAX_QUEUED_REPORTS + 30; index += 1) log.pageView(`/page-${index}`);
    await jest.advanceTimersByTimeAsync(FLUSH_IDLE_MS * 10);
    window.dispatchEvent(new Event('pagehide'));
    expect(network.send).not.toHaveBeenCalled();

    setOnline(true);
    window.dispatchEvent(new Event('online'));
    await settle();
    const paths = network.requests.flatMap((request) => request.reports.map((report) => report.path));
    expect(paths).toHaveLength(MAX_QUEUED_REPORTS);
    expect(paths[0]).toBe('/page-30');
    expect(paths.at(-1)).toBe(`/page-${MAX_QUEUED_REPORTS + 29}`);
    expect(network.requests.every((request) => request.reports.length <= 50)).toBe(true);
  });

  it('writes names and params the way the log takes them, and drops what it would refuse', () => {
    log.goal('lessonUseful');
    log.event('pdf_error', { stage: 'render', page: 3, error: { name: 'RenderingCancelled' }, skipped: undefined, ratio: Number.NaN });
    log.event('huge', { text: 'あ'.repeat(3_000) });
    log.pageView('relative/path');
    log.event('名前', {});
    log.flush();

    expect(network.requests[0]!.reports).toEqual([
      expect.objectContaining({ kind: 'goal', name: 'lesson_useful', params: {} }),
      expect.objectContaining({ name: 'pdf_error', params: { stage: 'render', page: 3, error: '{"name":"RenderingCancelled"}', ratio: null } }),
      expect.objectContaining({ name: 'huge', params: { paramsDropped: true } }),
    ]);
  });

  it('stops listening once disposed', () => {
    log.pageView('/line-ads');
    log.dispose();
    window.dispatchEvent(new Event('pagehide'));
    jest.advanceTimersByTime(FLUSH_IDLE_MS * 2);
    expect(network.send).not.toHaveBeenCalled();
  });
});
