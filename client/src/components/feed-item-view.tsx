import type { FeedItem } from '@campus/contracts/notifications';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { internalLink } from '../lib/internal-link';
import { formatJapaneseDate } from '@campus/contracts/tokyo-date';
import { PhraseText } from './phrase-text';
import './feed-item-view.css';

export const ITEM_LINK_TEXT = '詳しく見る';

export interface FeedItemViewProps {
  /** The feed's name above the title (お知らせ, あなたへのお知らせ). */
  feedTitle: string;
  item: Pick<FeedItem, 'title' | 'body' | 'link' | 'publishedAt'>;
  titleId: string;
  /** 1 on the item's own page; a preview inside another page is a section of it. */
  headingLevel?: 1 | 2;
  /** A preview must not leave the page being edited: its link opens in a new tab. */
  linkInNewTab?: boolean;
  children?: ReactNode;
}

/** The item as learners see it, free of the page around it (the admin preview uses it too). */
export function FeedItemView({ feedTitle, item, titleId, headingLevel = 1, linkInNewTab = false, children }: FeedItemViewProps) {
  const link = internalLink(item.link);
  const Heading = headingLevel === 1 ? 'h1' : 'h2';
  return (
    <article className="feed-detail" aria-labelledby={titleId}>
      <p className="feed-detail__feed">{feedTitle}</p>
      <Heading id={titleId} className="feed-detail__title">
        <PhraseText text={item.title} />
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
