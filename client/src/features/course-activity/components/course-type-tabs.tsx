import type { ActivityCourseKind } from '@campus/contracts/course-activity';
import { Link } from 'react-router-dom';
import { activityListSearch, COURSE_TYPE_TABS } from '../activity-list-query';

/**
 * すべて / コース / セミナー / 認定コース. Links rather than ARIA tabs: each one is an address of its
 * own (?type=…), back-button and bookmark friendly. Changing the type starts again at page 1.
 */
export function CourseTypeTabs({ current }: { current: ActivityCourseKind | null }) {
  return (
    <nav className="tab-links" aria-label="コースの種類">
      <ul className="tab-links__list">
        {COURSE_TYPE_TABS.map(({ type, label }) => (
          <li key={type ?? 'all'}>
            <Link
              className="tab-links__tab"
              to={{ search: activityListSearch({ type, page: 1 }) }}
              aria-current={type === current ? 'page' : undefined}
              preventScrollReset
            >
              {label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
