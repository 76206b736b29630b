/**
 * Analytics (spec §7: "analytics events and goals go to third-party trackers").
 *
 * Features call `trackEvent`, `trackGoal` and `trackPageView`; where the data goes is decided by one
 * adapter. By default everything is queued on `window.dataLayer`, the tag manager's queue (which
 * also lets end-to-end tests see what was reported); the trackers themselves come with the
 * analytics work. Tests and the tracker integration plug theirs in with `setAnalyticsAdapter`.
 *
 * Tracking never breaks the page: an adapter that throws is ignored.
 */

/** Goals the trackers count (spec §9: ids exist for login and the lesson ratings; values are the adapter's). */
export type AnalyticsGoal =
  | 'login'
  | 'lessonUseful'
  | 'lessonUnuseful'
  | 'certificationLessonUseful'
  | 'certificationLessonUnuseful';

export type AnalyticsParams = Record<string, unknown>;

export interface AnalyticsAdapter {
  event(name: string, params: AnalyticsParams): void;
  goal(goal: AnalyticsGoal): void;
  pageView(path: string): void;
}

export const noopAnalyticsAdapter: AnalyticsAdapter = {
  event: () => {},
  goal: () => {},
  pageView: () => {},
};

type DataLayerEntry = Record<string, unknown>;

const pushToDataLayer = (entry: DataLayerEntry) => {
  const target = window as unknown as { dataLayer?: DataLayerEntry[] };
  (target.dataLayer ??= []).push(entry);
};

/** Queues reports the way tag managers read them: `{ event, ...params }` on `window.dataLayer`. */
export const dataLayerAdapter: AnalyticsAdapter = {
  event: (name, params) => pushToDataLayer({ event: name, ...params }),
  goal: (goal) => pushToDataLayer({ event: 'goal', goal }),
  pageView: (path) => pushToDataLayer({ event: 'page_view', path }),
};

let adapter: AnalyticsAdapter = dataLayerAdapter;

/**
 * Installs the adapter (null = the no-op one again). Returns a function that puts the previous
 * adapter back, for tests.
 */
export function setAnalyticsAdapter(next: AnalyticsAdapter | null): () => void {
  const previous = adapter;
  const installed = next ?? noopAnalyticsAdapter;
  adapter = installed;
  return () => {
    if (adapter === installed) adapter = previous;
  };
}

function safely(report: () => void): void {
  try {
    report();
  } catch {
    /* a tracker's failure is not the learner's problem */
  }
}

/** A named event with optional parameters (e.g. `header_navigation` with `{ key }`). */
export function trackEvent(name: string, params: AnalyticsParams = {}): void {
  safely(() => adapter.event(name, params));
}

/** A conversion goal. */
export function trackGoal(goal: AnalyticsGoal): void {
  safely(() => adapter.goal(goal));
}

/** A page view after a navigation that changed the path (spec §2). */
export function trackPageView(path: string): void {
  safely(() => adapter.pageView(path));
}
