import type { CertificationCourseDetail } from '@campus/contracts/catalogue';
import type { CertificationSlug } from '@campus/contracts/catalogue-slugs';
import { apiClient } from '../../../lib/api-client';
import type { CatalogueRequestOptions } from './request-options';

/** GET /api/v1/certification-courses/{slug} — details, badge status, exam settings and lessons. */
export function getCertificationCourse(slug: CertificationSlug, options: CatalogueRequestOptions = {}): Promise<CertificationCourseDetail> {
  return apiClient.get<CertificationCourseDetail>(`/api/v1/certification-courses/${slug}`, options);
}
