import { Link } from 'react-router-dom';
import { feedListSearch } from '../feed-list-query';

/** 前のページ / 2 / 5 ページ / 次のページ — the page is kept in the address (?page=2). */
export function FeedPager({ page, pageCount }: { page: number; pageCount: number }) {
  if (pageCount <= 1 && page <= 1) return null;
  const to = (target: number) => ({ search: feedListSearch(target) });
  return (
    <nav className="feed-pager" aria-label="ページ送り">
      {page > 1 ? (
        // Past the end (an old bookmark), 前のページ leads to the last page there is.
        <Link className="button feed-pager__step" to={to(Math.min(page - 1, pageCount))} rel="prev">
          前のページ
        </Link>
      ) : (
        <span className="feed-pager__step" aria-hidden="true" />
      )}
      <p className="feed-pager__position">
        {page} / {pageCount} ページ
      </p>
      {page < pageCount ? (
        <Link className="button feed-pager__step" to={to(page + 1)} rel="next">
          次のページ
        </Link>
      ) : (
        <span className="feed-pager__step" aria-hidden="true" />
      )}
    </nav>
  );
}
