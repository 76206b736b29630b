import type { CertificationCourseCard } from '@campus/contracts/catalogue';
import { listCertificationCourses } from '@campus/contracts/routes/catalogue';
import { callApi } from '../../../lib/call-api';

export interface HeldBadge {
  courseSlug: string;
  label: string;
  status: 'available' | 'expired';
  expiresAt: string | null;
}

/** The learner's skill badges, valid and expired, read from the certification course list. */
export async function getHeldBadges(): Promise<HeldBadge[]> {
  const courses: CertificationCourseCard[] = await callApi(listCertificationCourses, {}, { noCache: true, skipStatuses: 'all' });
  return courses.flatMap((course) =>
    course.badgeStatus === 'unavailable' ? [] : [{ courseSlug: course.slug, label: course.label, status: course.badgeStatus, expiresAt: course.badgeExpiresAt }],
  );
}
