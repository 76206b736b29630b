import type { CourseCard } from '@campus/contracts/catalogue';
import type { Program } from '@campus/contracts/catalogue-slugs';
import { apiClient } from '../../../lib/api-client';
import type { ReadOptions } from '../../../lib/request-options';

/** GET /api/v1/video-courses?program= — a program's video courses. */
export function getVideoCourses(program: Program, options: ReadOptions = {}): Promise<CourseCard[]> {
  return apiClient.get<CourseCard[]>('/api/v1/video-courses', { query: { program }, ...options });
}
