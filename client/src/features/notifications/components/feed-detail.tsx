import type { FeedCategory } from '@campus/contracts/catalogue-slugs';
import type { FeedItem } from '@campus/contracts/notifications';
import { Link } from 'react-router-dom';
import { formatJapaneseDate } from '../../../lib/japanese-date';
import { pageTitle } from '../../../lib/site';
import { FEED_TITLES, feedListPath, internalLink } from '../feed-list-query';
import './notifications.css';

export const BACK_TO_LIST_TEXT = '一覧へ戻る';
export const ITEM_LINK_TEXT = '詳しく見る';

/** One item: title, date, the body as plain text (its line breaks kept by CSS), its campus link. */
export function FeedDetail({ feed, item }: { feed: FeedCategory; item: FeedItem }) {
  const link = internalLink(item.link);
  return (
    <article className="feed-detail" aria-labelledby="feed-detail-title">
      <title>{pageTitle(item.title)}</title>
      <p className="feed-detail__feed">{FEED_TITLES[feed]}</p>
      <h1 id="feed-detail-title" className="feed-detail__title">
        {item.title}
      </h1>
      <time className="feed-detail__date" dateTime={item.publishedAt}>
        {formatJapaneseDate(item.publishedAt)}
      </time>
      {/* Text, never HTML: React escapes it, and white-space: pre-line keeps the line breaks. */}
      <div className="feed-detail__body">{item.body}</div>
      {link ? (
        <p className="feed-detail__link">
          <Link to={link}>{ITEM_LINK_TEXT}</Link>
        </p>
      ) : null}
      <p className="feed-detail__back">
        <Link className="button" to={feedListPath(feed)}>
          {BACK_TO_LIST_TEXT}
        </Link>
      </p>
    </article>
  );
}
