import type { CourseCard } from '@campus/contracts/catalogue';
import { CourseCardView } from './course-card';

/** Course cards in a responsive grid (one column on phones). */
export function CourseGrid({
  courses,
  headingLevel = 3,
  label,
  eagerFirst = false,
}: {
  courses: CourseCard[];
  headingLevel?: 2 | 3;
  label?: string;
  /** The grid is the page's first content: its first image is not lazy (it is likely in the first view). */
  eagerFirst?: boolean;
}) {
  return (
    <ul className="card-grid" aria-label={label}>
      {courses.map((course, index) => (
        <li key={`${course.kind}:${course.slug}`}>
          <CourseCardView course={course} headingLevel={headingLevel} eagerImage={eagerFirst && index === 0} />
        </li>
      ))}
    </ul>
  );
}
