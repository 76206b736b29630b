import { FEED_CATEGORIES, type FeedCategory } from '@campus/contracts/catalogue-slugs';
import { Link } from 'react-router-dom';
import { useLearnerReady } from '../../../lib/session/use-learner-ready';
import { FEED_TITLES, feedListPath } from '../feed-list-query';

/**
 * お知らせ / あなたへのお知らせ. Links rather than ARIA tabs: each feed is an address of its own.
 * The personal feed is offered only to a learner who may read it (logged in, agreements accepted).
 */
export function FeedTabs({ current }: { current: FeedCategory }) {
  const learner = useLearnerReady();
  const feeds = FEED_CATEGORIES.filter((feed) => feed === 'general' || learner || feed === current);
  return (
    <nav className="tab-links" aria-label="お知らせの種類">
      <ul className="tab-links__list">
        {feeds.map((feed) => (
          <li key={feed}>
            <Link className="tab-links__tab" to={feedListPath(feed)} aria-current={feed === current ? 'page' : undefined}>
              {FEED_TITLES[feed]}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
