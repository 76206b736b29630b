import type { CertificationCourseDetail } from '@campus/contracts/catalogue';
import { getCertificationCourse as certificationCourseRoute } from '@campus/contracts/routes/catalogue';
import { callApi } from '../../../lib/call-api';
import type { ReadOptions } from '../../../lib/request-options';

/** Details, badge status, exam settings and lessons. */
export function getCertificationCourse(slug: string, options: ReadOptions = {}): Promise<CertificationCourseDetail> {
  return callApi(certificationCourseRoute, { params: { certificationCourseSlug: slug } }, options);
}
