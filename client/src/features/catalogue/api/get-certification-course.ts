import type { CertificationCourseDetail } from '@campus/contracts/catalogue';
import type { CertificationSlug } from '@campus/contracts/catalogue-slugs';
import { apiClient } from '../../../lib/api-client';
import type { ReadOptions } from '../../../lib/request-options';

/** GET /api/v1/certification-courses/{slug} — details, badge status, exam settings and lessons. */
export function getCertificationCourse(slug: CertificationSlug, options: ReadOptions = {}): Promise<CertificationCourseDetail> {
  return apiClient.get<CertificationCourseDetail>(`/api/v1/certification-courses/${slug}`, options);
}
