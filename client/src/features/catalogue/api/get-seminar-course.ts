import type { CourseDetail } from '@campus/contracts/catalogue';
import { apiClient } from '../../../lib/api-client';
import type { ReadOptions } from '../../../lib/request-options';

/** GET /api/v1/seminar-courses/{slug} — 404 unknown; 403 for a visitor on a logged-in-only course. */
export function getSeminarCourse(slug: string, options: ReadOptions = {}): Promise<CourseDetail> {
  return apiClient.get<CourseDetail>(`/api/v1/seminar-courses/${encodeURIComponent(slug)}`, options);
}
