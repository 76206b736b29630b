import type { CertificationCourseCard } from '@campus/contracts/catalogue';
import { apiClient } from '../../../lib/api-client';
import type { ReadOptions } from '../../../lib/request-options';

/** GET /api/v1/certification-courses/ — the eight certification courses with the learner's badge status. */
export function getCertificationCourses(options: ReadOptions = {}): Promise<CertificationCourseCard[]> {
  return apiClient.get<CertificationCourseCard[]>('/api/v1/certification-courses/', options);
}
