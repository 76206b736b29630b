import type { CertificationCourseCard } from '@campus/contracts/catalogue';
import { apiClient } from '../../../lib/api-client';

export interface HeldBadge {
  courseSlug: string;
  label: string;
  status: 'available' | 'expired';
  expiresAt: string | null;
}

/** The learner's skill badges, valid and expired, read from the certification course list (GET /api/v1/certification-courses/). */
export async function getHeldBadges(): Promise<HeldBadge[]> {
  const courses = await apiClient.get<CertificationCourseCard[]>('/api/v1/certification-courses/', { noCache: true, skipStatuses: 'all' });
  return courses.flatMap((course) =>
    course.badgeStatus === 'unavailable' ? [] : [{ courseSlug: course.slug, label: course.label, status: course.badgeStatus, expiresAt: course.badgeExpiresAt }],
  );
}
