import type { CertificationCourseCard, CertificationCourseDetail } from '@campus/contracts/catalogue';
import type { LoaderFunctionArgs } from 'react-router-dom';
import { getCertificationCourse } from '../api/get-certification-course';
import { getCertificationCourses } from '../api/get-certification-courses';
import { certificationSlugOf } from '../../../lib/course-routes/route-params';

export interface BadgeLandingData {
  courses: CertificationCourseCard[];
}

/** `/lineyahoo-marketing-skill-badge`: the eight certification courses with the learner's badges. */
export async function loadBadgeLanding({ request }: LoaderFunctionArgs): Promise<BadgeLandingData> {
  return { courses: await getCertificationCourses({ signal: request.signal, skipStatuses: 'all' }) };
}

export interface CertificationCourseData {
  course: CertificationCourseDetail;
}

/** `/lineyahoo-marketing-skill-badge/courses/{slug}`: one certification course (unknown slug → 404). */
export async function loadCertificationCourse({ params, request }: LoaderFunctionArgs): Promise<CertificationCourseData> {
  const slug = certificationSlugOf(params);
  return { course: await getCertificationCourse(slug, { signal: request.signal, skipStatuses: 'all' }) };
}
