import type { FeedCategory } from '@campus/contracts/catalogue-slugs';
import type { FeedItem } from '@campus/contracts/notifications';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { formatJapaneseDate } from '../../../lib/japanese-date';
import { pageTitle } from '../../../lib/site';
import { FEED_TITLES, feedListPath, internalLink } from '../feed-list-query';
import './notifications.css';

export const BACK_TO_LIST_TEXT = '一覧へ戻る';
export const ITEM_LINK_TEXT = '詳しく見る';

/** One item: title, date, the body as plain text (its line breaks kept by CSS), its campus link. */
export function FeedDetail({ feed, item }: { feed: FeedCategory; item: FeedItem }) {
  return (
    <FeedItemView feed={feed} item={item} titleId="feed-detail-title">
      <title>{pageTitle(item.title)}</title>
      <p className="feed-detail__back">
        <Link className="button" to={feedListPath(feed)}>
          {BACK_TO_LIST_TEXT}
        </Link>
      </p>
    </FeedItemView>
  );
}

export interface FeedItemViewProps {
  feed: FeedCategory;
  item: Pick<FeedItem, 'title' | 'body' | 'link' | 'publishedAt'>;
  titleId: string;
  /** 1 on the item's own page; a preview inside another page is a section of it. */
  headingLevel?: 1 | 2;
  /** A preview must not leave the page being edited: its link opens in a new tab. */
  linkInNewTab?: boolean;
  children?: ReactNode;
}

/** The item as learners see it, free of the page around it (the admin preview uses it too). */
export function FeedItemView({ feed, item, titleId, headingLevel = 1, linkInNewTab = false, children }: FeedItemViewProps) {
  const link = internalLink(item.link);
  const Heading = headingLevel === 1 ? 'h1' : 'h2';
  return (
    <article className="feed-detail" aria-labelledby={titleId}>
      <p className="feed-detail__feed">{FEED_TITLES[feed]}</p>
      <Heading id={titleId} className="feed-detail__title">
        {item.title}
      </Heading>
      <time className="feed-detail__date" dateTime={item.publishedAt}>
        {formatJapaneseDate(item.publishedAt)}
      </time>
      {/* Text, never HTML: React escapes it, and white-space: pre-line keeps the line breaks. */}
      <div className="feed-detail__body">{item.body}</div>
      {link ? (
        <p className="feed-detail__link">
          {linkInNewTab ? (
            <a href={link} target="_blank" rel="noopener noreferrer" aria-label={`${ITEM_LINK_TEXT}（新しいタブで開きます）`}>
              {ITEM_LINK_TEXT}
            </a>
          ) : (
            <Link to={link}>{ITEM_LINK_TEXT}</Link>
          )}
        </p>
      ) : null}
      {children}
    </article>
  );
}
