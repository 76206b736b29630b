import type { FeedCategory } from '@campus/contracts/catalogue-slugs';
import type { FeedPage } from '@campus/contracts/notifications';
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect } from 'react';
import { Link, useRevalidator } from 'react-router-dom';
import { PhraseText } from '../../../components/phrase-text';
import { StepPager } from '../../../components/step-pager';
import { formatJapaneseDate } from '@campus/contracts/tokyo-date';
import { useLearnerReady } from '../../../lib/session/use-learner-ready';
import { EMPTY_FEED_TEXT, feedItemPath, feedListSearch, feedPageCount } from '../feed-list-query';
import { useUnreadFlagsActions } from '../hooks/use-unread-flags';
import { isShownRead, markAllReadMachine, selectReadIds } from '../machines/mark-all-read.machine';

export const MARK_ALL_READ_TEXT = 'すべて既読にする';
export const MARKED_ALL_READ_TEXT = 'すべて既読にしました。';

interface FeedListProps {
  feed: FeedCategory;
  page: number;
  feedPage: FeedPage;
}

/** One page of a feed: date, 未読 marker and title of each item, 「すべて既読にする」, the pager. */
export function FeedList({ feed, page, feedPage }: FeedListProps) {
  const learner = useLearnerReady();
  const revalidator = useRevalidator();
  const { refresh } = useUnreadFlagsActions();
  const actor = useActorRef(markAllReadMachine, { input: { feed } });
  const marking = useSelector(actor, (snapshot) => snapshot.matches('marking'));
  const marked = useSelector(actor, (snapshot) => snapshot.matches('marked'));
  const readIds = useSelector(actor, selectReadIds);

  useEffect(() => {
    // The server pushes unread.changed too; asking again covers a socket that is down.
    const subscription = actor.on('marked', () => {
      void revalidator.revalidate();
      refresh();
    });
    return () => subscription.unsubscribe();
  }, [actor, revalidator, refresh]);

  if (feedPage.total === 0) {
    return (
      <div className="empty-state">
        <p className="empty-state__message">{EMPTY_FEED_TEXT}</p>
      </div>
    );
  }

  return (
    <>
      {learner ? (
        <div className="feed-list__actions">
          <button
            type="button"
            className="button"
            disabled={marking}
            aria-busy={marking || undefined}
            onClick={() => actor.send({ type: 'MARK', ids: feedPage.items.map((item) => item.id) })}
          >
            {MARK_ALL_READ_TEXT}
          </button>
          <p className="feed-list__status" role="status">
            {marked ? MARKED_ALL_READ_TEXT : ''}
          </p>
        </div>
      ) : null}
      {feedPage.items.length === 0 ? (
        // A page number past the end (an old bookmark): the pager leads back.
        <p>このページに表示するお知らせはありません。</p>
      ) : (
        <ul className="feed-list" aria-label="お知らせの一覧">
          {feedPage.items.map((item) => {
            const read = isShownRead(readIds, item);
            return (
              <li key={item.id} className={`feed-list__item${read ? '' : ' feed-list__item--unread'}`}>
                <time className="feed-list__date" dateTime={item.publishedAt}>
                  {formatJapaneseDate(item.publishedAt)}
                </time>
                {read ? null : <span className="feed-list__unread">未読</span>}
                <Link className="feed-list__title" to={feedItemPath(feed, item.id)}>
                  <PhraseText text={item.title} />
                </Link>
              </li>
            );
          })}
        </ul>
      )}
      <StepPager page={page} pageCount={feedPageCount(feedPage.total)} searchFor={feedListSearch} />
    </>
  );
}
