import type { CourseCard } from '@campus/contracts/catalogue';
import { CourseCardView } from './course-card';

/** Course cards in a responsive grid (one column on phones). */
export function CourseGrid({ courses, headingLevel = 3, label }: { courses: CourseCard[]; headingLevel?: 2 | 3; label?: string }) {
  return (
    <ul className="card-grid" aria-label={label}>
      {courses.map((course) => (
        <li key={`${course.kind}:${course.slug}`}>
          <CourseCardView course={course} headingLevel={headingLevel} />
        </li>
      ))}
    </ul>
  );
}
