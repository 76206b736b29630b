import { isFeedCategory, type FeedCategory } from '@campus/contracts/catalogue-slugs';
import { useEffect } from 'react';
import { data, useLoaderData, type LoaderFunctionArgs } from 'react-router-dom';
import { PageSkeleton } from '../../components/page-skeleton';
import { useReloadWhenAllowed } from '../../lib/session/use-reload-when-allowed';
import { FeedDetail } from '../../features/notifications/components/feed-detail';
import { FeedList } from '../../features/notifications/components/feed-list';
import { FeedPageFrame } from '../../features/notifications/components/feed-page-frame';
import { FEED_TITLES } from '../../features/notifications/feed-list-query';
import { useUnreadFlagsActions } from '../../features/notifications/hooks/use-unread-flags';
import { loadFeedItem, loadFeedList } from '../../features/notifications/loaders/feed.loaders';

/** The parent route checks the slug too; loaders of a route run alongside it, so check again. */
function feedOf(params: LoaderFunctionArgs['params']): FeedCategory {
  const feed = params.feedCategory;
  if (!isFeedCategory(feed)) throw data(null, { status: 404, statusText: 'Not Found' });
  return feed;
}

export const notificationListLoader = ({ params, request }: LoaderFunctionArgs) => loadFeedList(feedOf(params), request);
export const notificationDetailLoader = ({ params, request }: LoaderFunctionArgs) =>
  loadFeedItem(feedOf(params), params.feedSlug ?? '', request);

/** /notifications/general and /notifications/personal — お知らせ / あなたへのお知らせ, 20 a page. */
export function NotificationListPage() {
  const loaded = useLoaderData<typeof notificationListLoader>();
  const allowed = useReloadWhenAllowed(loaded.status);
  return (
    <FeedPageFrame feed={loaded.feed} loading={allowed.state === 'waiting'}>
      {loaded.status === 'ready' ? (
        // A new feed starts afresh: its own 「すべて既読にする」 state.
        <FeedList key={loaded.feed} feed={loaded.feed} page={loaded.page} feedPage={loaded.feedPage} />
      ) : null}
      {allowed.state === 'failed' ? (
        <div className="empty-state" role="alert">
          <p className="empty-state__message">一覧を読み込めませんでした。時間をおいて再度お試しください。</p>
          <button type="button" className="button" onClick={allowed.retry}>
            再読み込み
          </button>
        </div>
      ) : null}
    </FeedPageFrame>
  );
}

/** /notifications/{feedCategory}/{feedSlug} — one item; viewing it marks it read on the server. */
export function NotificationDetailPage() {
  const loaded = useLoaderData<typeof notificationDetailLoader>();
  useReloadWhenAllowed(loaded.status);
  const { refresh } = useUnreadFlagsActions();
  const itemId = loaded.status === 'ready' ? loaded.item.id : null;

  useEffect(() => {
    // The server pushes unread.changed after the visit; asking again covers a socket that is down.
    if (itemId !== null) refresh();
  }, [itemId, refresh]);

  if (loaded.status === 'ready') return <FeedDetail feed={loaded.feed} item={loaded.item} />;
  return <PageSkeleton title={FEED_TITLES[loaded.feed]} />;
}
