import type { CourseCard } from '@campus/contracts/catalogue';
import type { Program } from '@campus/contracts/catalogue-slugs';
import { apiClient } from '../api-client';
import type { ReadOptions } from '../request-options';

/** GET /api/v1/seminar-courses?program= — a program's seminar courses. */
export function getSeminarCourses(program: Program, options: ReadOptions = {}): Promise<CourseCard[]> {
  return apiClient.get<CourseCard[]>('/api/v1/seminar-courses', { query: { program }, ...options });
}
