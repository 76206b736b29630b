import type { Category } from '@campus/contracts/catalogue';
import { useId } from 'react';
import { useNavigate } from 'react-router-dom';
import { PhraseText } from '../../../components/phrase-text';
import { LEVEL_LABELS, LEVELS } from '../course-labels';
import { changeCourseFilters, courseFiltersSearch, toggled, type CourseFilters } from '../course-filters';
import { usePendingCourseFilters } from '../hooks/use-pending-course-filters';
import './course-filter-form.css';

type FilterChange = Partial<Omit<CourseFilters, 'page'>>;

/**
 * The course list's filters. They live only in the address: each tick navigates to the address
 * of the new filters (a history entry of its own, so back undoes it) and the page's loader
 * fetches that list.
 */
export function CourseFilterForm({ categories, showPersonalFilters }: { categories: Category[]; showPersonalFilters: boolean }) {
  const filters = usePendingCourseFilters();
  const navigate = useNavigate();
  const id = useId();
  const apply = (change: FilterChange) =>
    // flushSync: the pending address (which ticks the box) is rendered before the click ends, so a
    // controlled checkbox never flips back for a frame while the new list loads.
    navigate({ search: courseFiltersSearch(changeCourseFilters(filters, change)) }, { preventScrollReset: true, flushSync: true });

  return (
    <form className="course-filters" aria-labelledby={`${id}-title`} onSubmit={(event) => event.preventDefault()}>
      <h2 id={`${id}-title`} className="course-filters__title">
        <PhraseText text="コースを絞り込む" />
      </h2>
      <fieldset className="course-filters__group">
        <legend>レベル</legend>
        {LEVELS.map((level) => (
          <label key={level} className="course-filters__option">
            <input
              type="checkbox"
              name="level"
              value={level}
              checked={filters.levels.includes(level)}
              onChange={() => apply({ levels: toggled(filters.levels, level) })}
            />
            {LEVEL_LABELS[level]}
          </label>
        ))}
      </fieldset>
      {categories.length > 0 ? (
        <fieldset className="course-filters__group">
          <legend>カテゴリー</legend>
          {categories.map((category) => (
            <label key={category.slug} className="course-filters__option">
              <input
                type="checkbox"
                name="category"
                value={category.slug}
                checked={filters.categories.includes(category.slug)}
                onChange={() => apply({ categories: toggled(filters.categories, category.slug) })}
              />
              {category.name}
            </label>
          ))}
        </fieldset>
      ) : null}
      {showPersonalFilters ? (
        <fieldset className="course-filters__group">
          <legend>受講状況</legend>
          <label className="course-filters__option">
            <input type="checkbox" name="notTaken" checked={filters.notTaken} onChange={() => apply({ notTaken: !filters.notTaken })} />
            未受講のみ
          </label>
          <label className="course-filters__option">
            <input type="checkbox" name="isFavorite" checked={filters.isFavorite} onChange={() => apply({ isFavorite: !filters.isFavorite })} />
            受講したいリストのみ
          </label>
        </fieldset>
      ) : null}
    </form>
  );
}
