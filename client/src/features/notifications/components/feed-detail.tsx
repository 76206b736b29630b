import type { FeedCategory } from '@campus/contracts/catalogue-slugs';
import type { FeedItem } from '@campus/contracts/notifications';
import { Link } from 'react-router-dom';
import { pageTitle } from '../../../lib/site';
import { FeedItemView } from '../../../components/feed-item-view';
import { FEED_TITLES, feedListPath } from '../feed-list-query';
import './notifications.css';

export const BACK_TO_LIST_TEXT = '一覧へ戻る';

/** One item: title, date, the body as plain text (its line breaks kept by CSS), its campus link. */
export function FeedDetail({ feed, item }: { feed: FeedCategory; item: FeedItem }) {
  return (
    <FeedItemView feedTitle={FEED_TITLES[feed]} item={item} titleId="feed-detail-title">
      <title>{pageTitle(item.title)}</title>
      <p className="feed-detail__back">
        <Link className="button" to={feedListPath(feed)}>
          {BACK_TO_LIST_TEXT}
        </Link>
      </p>
    </FeedItemView>
  );
}
