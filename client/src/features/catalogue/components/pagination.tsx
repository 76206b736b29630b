import { Link } from 'react-router-dom';
import { courseFiltersSearch, type CourseFilters } from '../course-filters';
import { pageCount, pageItems } from '../pagination';
import './course-filter-form.css';

/** 前へ / page numbers / 次へ; every link keeps the other filters of the list. */
export function Pagination({ filters, total, perPage }: { filters: CourseFilters; total: number; perPage: number }) {
  const count = pageCount(total, perPage);
  if (count <= 1) return null;
  const current = filters.page;
  const toPage = (page: number) => ({ search: courseFiltersSearch({ ...filters, page }) });
  return (
    <nav className="pagination" aria-label="ページ送り">
      <ul>
        <li>
          {current > 1 ? (
            <Link className="pagination__step" to={toPage(Math.min(current - 1, count))} rel="prev">
              前へ
            </Link>
          ) : (
            <span className="pagination__step" aria-disabled="true">
              前へ
            </span>
          )}
        </li>
        {pageItems(current, count).map((item) =>
          item.kind === 'gap' ? (
            <li key={item.key} aria-hidden="true" className="pagination__gap">
              …
            </li>
          ) : (
            <li key={item.page}>
              <Link
                className="pagination__page"
                to={toPage(item.page)}
                aria-current={item.page === current ? 'page' : undefined}
                aria-label={`${item.page}ページ目`}
              >
                {item.page}
              </Link>
            </li>
          ),
        )}
        <li>
          {current < count ? (
            <Link className="pagination__step" to={toPage(current + 1)} rel="next">
              次へ
            </Link>
          ) : (
            <span className="pagination__step" aria-disabled="true">
              次へ
            </span>
          )}
        </li>
      </ul>
    </nav>
  );
}
