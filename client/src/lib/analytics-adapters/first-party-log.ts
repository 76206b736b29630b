import type { AnalyticsReport } from '@campus/contracts/analytics-log';
import {
  areAcceptableReportParams,
  isAcceptableReportName,
  isAcceptableReportPath,
  MAX_REPORT_PATH_CHARS,
  MAX_REPORTS_PER_BATCH,
  type AnalyticsReportKind,
  type ReportParams,
} from '@campus/contracts/analytics-report-rules';
import type { AnalyticsAdapter, AnalyticsParams } from '../analytics';
import { ANALYTICS_LOG_ENDPOINT, analyticsLogRequest, RELAY_ANALYTICS_MESSAGE, type RelayAnalyticsMessage } from './analytics-log-request';

/** A quiet moment this long sends what is queued. */
export const FLUSH_IDLE_MS = 5_000;
/** …and so does this many reports waiting. */
export const FLUSH_AT_COUNT = 20;
/** An offline visit keeps at most this many reports (the oldest go first). */
export const MAX_QUEUED_REPORTS = 200;
/** A report whose batch failed this many times (network, 429, 5xx) is dropped. */
export const MAX_SEND_ATTEMPTS = 3;
/** Browsers refuse keepalive bodies over 64 KiB (all in flight together); stay well under. */
const MAX_BATCH_CHARS = 60_000;

type Send = (input: string, init: RequestInit) => Promise<Pick<Response, 'ok' | 'status'>>;

export interface FirstPartyLogOptions {
  win?: Window;
  /** The network; tests pass a fake. */
  send?: Send;
  now?: () => Date;
}

export interface FirstPartyLogAdapter extends AnalyticsAdapter {
  /** Sends everything queued now; `leaving` marks requests that must outlive the page. */
  flush(leaving?: boolean): void;
  /** Stops listening to the page (tests, hot reload). */
  dispose(): void;
}

interface Queued {
  report: AnalyticsReport;
  attempts: number;
}

/** `lessonUseful` → `lesson_useful`: the log's names are lower case. */
const reportName = (name: string) => name.replace(/([a-z0-9])([A-Z])/g, '$1_$2').toLowerCase();

/** Params the log takes: plain values kept, lists and objects written as JSON text, the rest left out. */
function flatParams(params: AnalyticsParams): ReportParams {
  const flat: ReportParams = {};
  for (const [key, value] of Object.entries(params)) {
    if (value === null || typeof value === 'string' || typeof value === 'boolean') flat[key] = value;
    else if (typeof value === 'number') flat[key] = Number.isFinite(value) ? value : null;
    else if (typeof value === 'object') flat[key] = safeJson(value);
  }
  return flat;
}

function safeJson(value: object): string | null {
  try {
    return JSON.stringify(value) ?? null;
  } catch {
    return null;
  }
}

/** Chunks of at most 50 reports and MAX_BATCH_CHARS of JSON, in order. */
function batchesOf(entries: readonly Queued[]): Queued[][] {
  const batches: Queued[][] = [];
  let current: Queued[] = [];
  let chars = 0;
  for (const entry of entries) {
    const size = JSON.stringify(entry.report).length + 1;
    if (current.length > 0 && (current.length === MAX_REPORTS_PER_BATCH || chars + size > MAX_BATCH_CHARS)) {
      batches.push(current);
      current = [];
      chars = 0;
    }
    current.push(entry);
    chars += size;
  }
  if (current.length > 0) batches.push(current);
  return batches;
}

/** The report as the log takes it, or null when the log would refuse it (a name or path it does not accept). */
function reportOf(base: Omit<AnalyticsReport, 'params'>, params: AnalyticsParams): AnalyticsReport | null {
  if (!isAcceptableReportName(base.name) || !isAcceptableReportPath(base.path)) return null;
  const flat = flatParams(params);
  // Params too big for the log: the report still counts, without them.
  return { ...base, params: areAcceptableReportParams(flat) ? flat : { paramsDropped: true } };
}

const isWorthRetrying = (status: number) => status === 429 || status >= 500;

/**
 * The campus's own event log (`recordAnalytics`). Reports are queued and sent in batches:
 * after FLUSH_IDLE_MS without a new one, as soon as FLUSH_AT_COUNT wait, and at once when the page is
 * hidden or left — through the service worker when one controls the page, else with `keepalive` —
 * so that the request outlives the page.
 *
 * It never disturbs the learner: it bypasses the API client's popups, a report the log would refuse
 * is dropped before it is queued (so it cannot sink its batch), a failed batch is tried again a few
 * times and then dropped, and the queue is capped, so an offline visit cannot grow it without end.
 */
export function firstPartyLogAdapter({ win = window, send, now = () => new Date() }: FirstPartyLogOptions = {}): FirstPartyLogAdapter {
  const post: Send = send ?? ((input, init) => win.fetch(input, init));
  let queue: Queued[] = [];
  let timer: ReturnType<typeof setTimeout> | undefined;

  const isOffline = () => win.navigator.onLine === false;

  function schedule() {
    if (timer !== undefined) clearTimeout(timer);
    timer = queue.length > 0 ? setTimeout(() => flush(), FLUSH_IDLE_MS) : undefined;
  }

  function keep(entries: readonly Queued[]) {
    // Newer reports win a full queue: the oldest are dropped.
    queue = [...entries, ...queue].slice(-MAX_QUEUED_REPORTS);
  }

  function enqueue(kind: AnalyticsReportKind, name: string, path: string, params: AnalyticsParams = {}) {
    const report = reportOf({ kind, name: reportName(name), path: path.slice(0, MAX_REPORT_PATH_CHARS), occurredAt: now().toISOString() }, params);
    if (!report) return;
    queue.push({ report, attempts: 0 });
    if (queue.length > MAX_QUEUED_REPORTS) queue.shift();
    if (queue.length >= FLUSH_AT_COUNT) flush();
    else schedule();
  }

  async function deliver(batch: Queued[], leaving: boolean) {
    const body = JSON.stringify({ events: batch.map((entry) => entry.report) });
    const worker = win.navigator.serviceWorker?.controller;
    if (leaving && worker) {
      worker.postMessage({ type: RELAY_ANALYTICS_MESSAGE, body } satisfies RelayAnalyticsMessage);
      return;
    }
    let retry: boolean;
    try {
      const response = await post(ANALYTICS_LOG_ENDPOINT, analyticsLogRequest(body, leaving));
      retry = !response.ok && isWorthRetrying(response.status);
    } catch {
      retry = true;
    }
    if (!retry) return;
    const again = batch.map((entry) => ({ ...entry, attempts: entry.attempts + 1 })).filter((entry) => entry.attempts < MAX_SEND_ATTEMPTS);
    if (again.length === 0) return;
    keep(again);
    schedule();
  }

  function flush(leaving = false) {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
    // Offline, a send can only fail: wait for the `online` event instead of spending attempts.
    if (queue.length === 0 || isOffline()) return;
    const batches = batchesOf(queue);
    queue = [];
    for (const batch of batches) void deliver(batch, leaving);
  }

  const onHidden = () => {
    if (win.document.visibilityState === 'hidden') flush(true);
  };
  const onPageHide = () => flush(true);
  const onOnline = () => flush();
  win.document.addEventListener('visibilitychange', onHidden);
  win.addEventListener('pagehide', onPageHide);
  win.addEventListener('online', onOnline);

  const currentPath = () => win.location.pathname;
  return {
    event: (name, params) => enqueue('event', name, currentPath(), params),
    goal: (goal) => enqueue('goal', goal, currentPath()),
    pageView: (path) => enqueue('page_view', 'page_view', path),
    flush,
    dispose() {
      if (timer !== undefined) clearTimeout(timer);
      timer = undefined;
      win.document.removeEventListener('visibilitychange', onHidden);
      win.removeEventListener('pagehide', onPageHide);
      win.removeEventListener('online', onOnline);
    },
  };
}
