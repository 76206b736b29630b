/**
 * Analytics (spec §2, §7: page views, events and goals go to third-party trackers).
 *
 * Features call `trackEvent`, `trackGoal` and `trackPageView`; where the reports go is decided by the
 * adapters installed at start (lib/analytics-adapters/install-analytics.ts): the campus's own event
 * log, and the tag manager and the ad tag when they are configured. Until then, and in unit tests,
 * nothing is reported; tests plug a recording adapter in with `setAnalyticsAdapter`.
 *
 * Tracking never breaks the page: an adapter that throws is ignored, and does not stop the others.
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

/** One adapter that hands every report to each of `adapters`, each on its own. */
export function allOf(adapters: readonly AnalyticsAdapter[]): AnalyticsAdapter {
  return {
    event: (name, params) => adapters.forEach((each) => safely(() => each.event(name, params))),
    goal: (goal) => adapters.forEach((each) => safely(() => each.goal(goal))),
    pageView: (path) => adapters.forEach((each) => safely(() => each.pageView(path))),
  };
}

let adapter: AnalyticsAdapter = noopAnalyticsAdapter;

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
