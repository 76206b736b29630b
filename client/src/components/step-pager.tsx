import { Link } from 'react-router-dom';

export interface StepPagerProps {
  page: number;
  pageCount: number;
  /** The query string of a page of the same list (`?page=2`, with whatever else the list keeps there). */
  searchFor: (page: number) => string;
}

/** 前のページ / 2 / 5 ページ / 次のページ — the page lives in the address, so it survives a reload and can be shared. */
export function StepPager({ page, pageCount, searchFor }: StepPagerProps) {
  if (pageCount <= 1 && page <= 1) return null;
  return (
    <nav className="step-pager" aria-label="ページ送り">
      {page > 1 ? (
        // Past the end (an old bookmark), 前のページ leads to the last page there is.
        <Link className="button" to={{ search: searchFor(Math.min(page - 1, pageCount)) }} rel="prev">
          前のページ
        </Link>
      ) : (
        <span className="step-pager__gap" aria-hidden="true" />
      )}
      <p className="step-pager__position">
        {page} / {pageCount} ページ
      </p>
      {page < pageCount ? (
        <Link className="button" to={{ search: searchFor(page + 1) }} rel="next">
          次のページ
        </Link>
      ) : (
        <span className="step-pager__gap" aria-hidden="true" />
      )}
    </nav>
  );
}
