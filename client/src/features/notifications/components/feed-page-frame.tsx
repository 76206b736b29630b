import type { FeedCategory } from '@campus/contracts/catalogue-slugs';
import type { ReactNode } from 'react';
import { useNavigation } from 'react-router-dom';
import { PhraseText } from '../../../components/phrase-text';
import { pageTitle } from '../../../lib/site';
import { FEED_TITLES } from '../feed-list-query';
import { FeedTabs } from './feed-tabs';
import './notifications.css';

/**
 * The frame of a feed list: title, heading, the feed tabs, and the list — or its loading
 * placeholder while the data cannot be shown yet.
 */
export function FeedPageFrame({ feed, loading, children }: { feed: FeedCategory; loading: boolean; children?: ReactNode }) {
  // A tab or page link was followed: the old list stays, marked busy, until the new one arrives.
  const navigating = useNavigation().state === 'loading';
  const title = FEED_TITLES[feed];
  return (
    <section className="feed-page" aria-labelledby="feed-page-title">
      <title>{pageTitle(title)}</title>
      <h1 id="feed-page-title" className="feed-page__title">
        <PhraseText text={title} />
      </h1>
      <FeedTabs current={feed} />
      <div className="feed-page__body" aria-busy={navigating || loading || undefined}>
        {loading ? <FeedListSkeleton /> : children}
      </div>
    </section>
  );
}

export function FeedListSkeleton() {
  return (
    <div className="feed-skeleton" role="status">
      <span className="feed-skeleton__text">読み込み中</span>
      <div className="page-skeleton__block" aria-hidden="true" />
      <div className="page-skeleton__block page-skeleton__block--short" aria-hidden="true" />
      <div className="page-skeleton__block" aria-hidden="true" />
    </div>
  );
}
