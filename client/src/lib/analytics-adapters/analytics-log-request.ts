import { XHR_HEADERS } from '../api-client';

/** The campus's own event log (server/src/modules/analytics-log). */
// `recordAnalytics.path`, spelled out for the service worker as in offline-cache-rules.ts; the spec holds it to the route.
export const ANALYTICS_LOG_ENDPOINT = '/api/v1/analytics/events';

/** The request that posts one batch, `{ events: [...] }` as JSON, from a page or from the service worker. */
export function analyticsLogRequest(body: string, keepalive = false): RequestInit {
  return { method: 'POST', headers: { ...XHR_HEADERS, 'Content-Type': 'application/json' }, body, credentials: 'same-origin', keepalive };
}

/**
 * A page being left hands its last batch to the service worker, which posts it: Chromium drops the
 * keepalive requests of a leaving page that a service worker controls, while a message reaches the
 * worker and the worker's own request outlives the page.
 */
export const RELAY_ANALYTICS_MESSAGE = 'campus:relay-analytics';

export interface RelayAnalyticsMessage {
  type: typeof RELAY_ANALYTICS_MESSAGE;
  body: string;
}

export const isRelayAnalyticsMessage = (data: unknown): data is RelayAnalyticsMessage =>
  typeof data === 'object' && data !== null && (data as { type?: unknown }).type === RELAY_ANALYTICS_MESSAGE && typeof (data as { body?: unknown }).body === 'string';
