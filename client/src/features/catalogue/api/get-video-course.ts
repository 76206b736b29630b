import type { CourseDetail } from '@campus/contracts/catalogue';
import { apiClient } from '../../../lib/api-client';
import type { ReadOptions } from '../../../lib/request-options';

/** GET /api/v1/video-courses/{slug} — 404 unknown. */
export function getVideoCourse(slug: string, options: ReadOptions = {}): Promise<CourseDetail> {
  return apiClient.get<CourseDetail>(`/api/v1/video-courses/${encodeURIComponent(slug)}`, options);
}
