import { LINE_TAG_META, TAG_MANAGER_META } from '@campus/contracts/analytics-tags';
import { allOf, setAnalyticsAdapter, type AnalyticsAdapter } from '../analytics';
import { firstPartyLogAdapter } from './first-party-log';
import { lineTagAdapter } from './line-tag';
import { tagManagerAdapter } from './tag-manager';

const announcedId = (doc: Document, name: string) => doc.querySelector(`meta[name="${name}"]`)?.getAttribute('content')?.trim() || null;

/**
 * The trackers the server announced in this page's head (spec §2: a tag manager and an ad tag). An
 * unannounced tracker is neither made nor loaded — e.g. offline, when the service worker answers with
 * the bare app shell.
 */
export function announcedTrackers(doc: Document = document, win: Window = window): AnalyticsAdapter[] {
  const tagManagerId = announcedId(doc, TAG_MANAGER_META);
  const lineTagId = announcedId(doc, LINE_TAG_META);
  return [tagManagerId ? tagManagerAdapter(tagManagerId, win) : null, lineTagId ? lineTagAdapter(lineTagId, win) : null].filter(
    (adapter) => adapter !== null,
  );
}

/** At start: every report goes to the campus's own event log and to the announced trackers. */
export function installAnalytics(): void {
  setAnalyticsAdapter(allOf([firstPartyLogAdapter(), ...announcedTrackers()]));
}
