import type { Category } from '@campus/contracts/catalogue';
import type { ServiceSlug } from '@campus/contracts/catalogue-slugs';
import { Link } from 'react-router-dom';
import { courseFiltersSearch, NO_FILTERS } from '../course-filters';
import './category-links.css';

/** Links to a service's course list narrowed to one category (`/{service}?category=<slug>`). */
export function CategoryLinks({ serviceSlug, categories, label }: { serviceSlug: ServiceSlug; categories: Category[]; label: string }) {
  if (categories.length === 0) return null;
  return (
    <ul className="category-links" aria-label={label}>
      {categories.map((category) => (
        <li key={category.slug}>
          <Link className="category-links__link" to={{ pathname: `/${serviceSlug}`, search: courseFiltersSearch({ ...NO_FILTERS, categories: [category.slug] }) }}>
            {category.name}
          </Link>
        </li>
      ))}
    </ul>
  );
}
