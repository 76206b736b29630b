import type { CertificationCourseCard } from '@campus/contracts/catalogue';
import { apiClient } from '../../../lib/api-client';
import type { CatalogueRequestOptions } from './request-options';

/** GET /api/v1/certification-courses/ — the eight certification courses with the learner's badge status. */
export function getCertificationCourses(options: CatalogueRequestOptions = {}): Promise<CertificationCourseCard[]> {
  return apiClient.get<CertificationCourseCard[]>('/api/v1/certification-courses/', options);
}
