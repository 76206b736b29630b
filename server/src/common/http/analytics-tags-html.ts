import { LINE_TAG_META, TAG_MANAGER_META, TRACKER_ORIGINS, type AnalyticsTagIds } from '../../contracts/analytics-tags.js';

/** The configured tracker ids as meta tags before `</head>`; the page unchanged when none is configured. */
export function withAnalyticsTagIds(html: string, ids: AnalyticsTagIds): string {
  const tags = [
    ids.tagManagerId ? `<meta name="${TAG_MANAGER_META}" content="${ids.tagManagerId}" />` : null,
    ids.lineTagId ? `<meta name="${LINE_TAG_META}" content="${ids.lineTagId}" />` : null,
  ].filter((tag) => tag !== null);
  // The ids were checked against strict patterns when the configuration was read, so they need no escaping.
  return tags.length === 0 ? html : html.replace('</head>', `    ${tags.join('\n    ')}\n  </head>`);
}

/** CSP additions for the configured trackers only: an unconfigured tracker's origin stays closed. */
export function analyticsCspSources(ids: AnalyticsTagIds): { script: string[]; connect: string[] } {
  const trackers = [ids.tagManagerId ? TRACKER_ORIGINS.tagManager : null, ids.lineTagId ? TRACKER_ORIGINS.lineTag : null].filter(
    (tracker) => tracker !== null,
  );
  return { script: trackers.flatMap((tracker) => tracker.script), connect: trackers.flatMap((tracker) => tracker.connect) };
}
