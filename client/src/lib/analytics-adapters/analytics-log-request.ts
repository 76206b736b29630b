import { recordAnalytics } from '@campus/contracts/routes/analytics';
import { XHR_HEADERS } from '../api-client';

/** The campus's own event log (server/src/modules/analytics-log). */
export const ANALYTICS_LOG_ENDPOINT = recordAnalytics.path;

/** The request that posts one batch, `{ events: [...] }` as JSON, from a page or from the service worker. */
export function analyticsLogRequest(body: string, keepalive = false): RequestInit {
  return { method: recordAnalytics.method, headers: { ...XHR_HEADERS, 'Content-Type': 'application/json' }, body, credentials: 'same-origin', keepalive };
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
