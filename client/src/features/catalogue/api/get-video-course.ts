import type { CourseDetail } from '@campus/contracts/catalogue';
import { apiClient } from '../../../lib/api-client';
import type { CatalogueRequestOptions } from './request-options';

/** GET /api/v1/video-courses/{slug} — 404 unknown. */
export function getVideoCourse(slug: string, options: CatalogueRequestOptions = {}): Promise<CourseDetail> {
  return apiClient.get<CourseDetail>(`/api/v1/video-courses/${encodeURIComponent(slug)}`, options);
}
