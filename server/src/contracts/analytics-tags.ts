/**
 * The third-party trackers of spec §2 and §7 (a tag manager and an ad tag), shared by the server —
 * which announces the configured ids in each page's HTML and opens its CSP to exactly these origins —
 * and the client, which loads a tracker only when its id is announced.
 */

export interface AnalyticsTagIds {
  /** Google Tag Manager container, e.g. GTM-ABC123. */
  tagManagerId?: string;
  /** LINE Tag (the ad tag of LINE広告), a UUID. */
  lineTagId?: string;
}

/** `<meta name=… content=id>` in the page's head; absent when the tracker is not configured. */
export const TAG_MANAGER_META = 'campus:tag-manager-id';
export const LINE_TAG_META = 'campus:line-tag-id';

export const TAG_MANAGER_SCRIPT = 'https://www.googletagmanager.com/gtm.js';
export const LINE_TAG_SCRIPT = 'https://d.line-scdn.net/n/line_tag/public/release/v1/lt.js';

/** Where each tracker loads scripts from and sends its hits to (images are allowed from any https origin already). */
export const TRACKER_ORIGINS = {
  tagManager: {
    script: ['https://www.googletagmanager.com'],
    connect: ['https://www.googletagmanager.com', 'https://*.google-analytics.com', 'https://*.analytics.google.com'],
  },
  lineTag: {
    script: ['https://d.line-scdn.net'],
    connect: ['https://tr.line.me'],
  },
} as const;
