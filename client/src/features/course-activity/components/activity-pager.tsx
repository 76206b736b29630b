import type { ActivityCourseKind } from '@campus/contracts/course-activity';
import { Link } from 'react-router-dom';
import { activityListSearch } from '../activity-list-query';

/** 前のページ / 2 / 5 ページ / 次のページ — page links kept in the address (?page=2), with the type. */
export function ActivityPager({ type, page, pageCount }: { type: ActivityCourseKind | null; page: number; pageCount: number }) {
  if (pageCount <= 1 && page <= 1) return null;
  const to = (target: number) => ({ search: activityListSearch({ type, page: target }) });
  return (
    <nav className="activity-pager" aria-label="ページ送り">
      {page > 1 ? (
        <Link className="button activity-pager__step" to={to(Math.min(page - 1, pageCount))} rel="prev">
          前のページ
        </Link>
      ) : (
        <span className="activity-pager__step activity-pager__step--off" aria-hidden="true" />
      )}
      <p className="activity-pager__position">
        {page} / {pageCount} ページ
      </p>
      {page < pageCount ? (
        <Link className="button activity-pager__step" to={to(page + 1)} rel="next">
          次のページ
        </Link>
      ) : (
        <span className="activity-pager__step activity-pager__step--off" aria-hidden="true" />
      )}
    </nav>
  );
}
