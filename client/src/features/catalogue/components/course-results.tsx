import type { CourseCardPage } from '@campus/contracts/catalogue';
import type { ServiceSlug } from '@campus/contracts/catalogue-slugs';
import { useRef } from 'react';
import { Link, useLocation, useNavigation } from 'react-router-dom';
import { PhraseText } from '../../../components/phrase-text';
import { COURSES_PER_PAGE, hasActiveFilters, type CourseFilters } from '../course-filters';
import { useFocusOnPageChange } from '../hooks/use-focus-on-page-change';
import { pageCount } from '../pagination';
import { CourseGrid } from './course-grid';
import { Pagination } from './pagination';
import './course-filter-form.css';

/** One page of the filtered course list: the count, the cards (or why there are none) and the page links. */
export function CourseResults({
  serviceSlug,
  filters,
  courses,
  personalFiltersIgnored,
}: {
  serviceSlug: ServiceSlug;
  filters: CourseFilters;
  courses: CourseCardPage;
  personalFiltersIgnored: boolean;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  useFocusOnPageChange(filters, heading);
  const navigation = useNavigation();
  const { pathname } = useLocation();
  const updating = navigation.state === 'loading' && navigation.location.pathname === pathname;
  const filtered = hasActiveFilters(filters) || filters.page > 1;
  const pages = pageCount(courses.total, COURSES_PER_PAGE);

  return (
    <section className={updating ? 'course-results course-results--updating' : 'course-results'} aria-labelledby="course-results-title" aria-busy={updating}>
      <div className="course-results__head">
        <h2 id="course-results-title" ref={heading} tabIndex={-1}>
          <PhraseText text="コース一覧" />
        </h2>
        <p className="course-results__count" role="status">
          {courses.total}件のコース{pages > 1 ? `（${Math.min(filters.page, pages)} / ${pages}ページ）` : ''}
        </p>
        {hasActiveFilters(filters) ? <Link to={`/${serviceSlug}`}>絞り込みを解除する</Link> : null}
      </div>
      {personalFiltersIgnored ? (
        <p className="course-results__notice">「未受講のみ」「受講したいリストのみ」の絞り込みは、ログインするとご利用いただけます。</p>
      ) : null}
      {courses.items.length > 0 ? (
        <CourseGrid courses={courses.items} eagerFirst />
      ) : filtered ? (
        <div className="course-results__empty">
          <p>条件に合うコースが見つかりませんでした。</p>
          <Link className="button" to={`/${serviceSlug}`}>
            絞り込みを解除する
          </Link>
        </div>
      ) : (
        <p className="course-results__empty">公開中のコースはまだありません。</p>
      )}
      <Pagination filters={filters} total={courses.total} perPage={COURSES_PER_PAGE} />
    </section>
  );
}
