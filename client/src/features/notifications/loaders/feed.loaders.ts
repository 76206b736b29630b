import type { FeedCategory } from '@campus/contracts/catalogue-slugs';
import { FEED_PAGE_SIZE, type FeedItem, type FeedPage } from '@campus/contracts/notifications';
import { data } from 'react-router-dom';
import { isAgreementRequired } from '../../../lib/session-errors';
import { throwIfServedNotFound } from '../../../lib/served-not-found';
import { knownSession } from '../../../lib/session/known-session';
import { getFeedItem } from '../api/get-feed-item';
import { getFeedPage } from '../api/get-feed-page';
import { feedOffset, parseFeedPage } from '../feed-list-query';

/**
 * The loader ran before the session allowed the page: a learner who has not accepted the
 * agreements (400 AGREEMENT_REQUIRED) — the personal-feed guard sends them to / itself.
 */
export type NeedsSession = { status: 'needsSession' };

export type FeedListData =
  | { status: 'ready'; feed: FeedCategory; page: number; feedPage: FeedPage }
  | (NeedsSession & { feed: FeedCategory; page: number });
export type FeedItemData = { status: 'ready'; feed: FeedCategory; item: FeedItem } | (NeedsSession & { feed: FeedCategory });

async function unlessAgreementMissing<T>(feed: FeedCategory, load: () => Promise<T>): Promise<{ status: 'ready'; value: T } | NeedsSession> {
  if (feed === 'personal') {
    // Known beforehand, the same answers without a call that would answer 401 / 400.
    const known = await knownSession();
    if (known === 'visitor') throw data(null, { status: 401, statusText: 'Unauthorized' });
    if (known === 'agreementPending') return { status: 'needsSession' };
  }
  try {
    return { status: 'ready', value: await load() };
  } catch (error) {
    // Only a missing agreement is left to the route guard. A 401 (a visitor on the personal feed, or
    // an ended session) and a 404 reach RouteErrorPage: the login popup, the 404 page (spec §8).
    if (isAgreementRequired(error)) return { status: 'needsSession' };
    throw error;
  }
}

/** `/notifications/{feed}?page=N`: one page of 20 items (spec §9); a bad page number is page 1. */
export async function loadFeedList(feed: FeedCategory, request: Request): Promise<FeedListData> {
  const page = parseFeedPage(new URL(request.url).searchParams);
  const result = await unlessAgreementMissing(feed, () =>
    getFeedPage(feed, { limit: FEED_PAGE_SIZE, offset: feedOffset(page) }, { signal: request.signal, skipStatuses: 'all' }),
  );
  return result.status === 'ready' ? { status: 'ready', feed, page, feedPage: result.value } : { ...result, feed, page };
}

/**
 * `/notifications/{feed}/{id}`: one item, which the server marks read; unknown → the API's 404, or at
 * once when the server answered this page 404 already.
 */
export async function loadFeedItem(feed: FeedCategory, id: string, request: Request): Promise<FeedItemData> {
  throwIfServedNotFound(request);
  const result = await unlessAgreementMissing(feed, () => getFeedItem(feed, id, { signal: request.signal, skipStatuses: 'all' }));
  return result.status === 'ready' ? { status: 'ready', feed, item: result.value } : { ...result, feed };
}
