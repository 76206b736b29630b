import type { CertificationCourseCard } from '@campus/contracts/catalogue';
import { listCertificationCourses } from '@campus/contracts/routes/catalogue';
import { callApi } from '../../../lib/call-api';
import type { ReadOptions } from '../../../lib/request-options';

/** The eight certification courses with the learner's badge status. */
export function getCertificationCourses(options: ReadOptions = {}): Promise<CertificationCourseCard[]> {
  return callApi(listCertificationCourses, {}, options);
}
