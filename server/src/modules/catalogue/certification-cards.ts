import { sql } from 'drizzle-orm';
import { basicCourseOf, CERTIFICATION_COURSES, isCertificationSlug } from '../../contracts/catalogue-slugs.js';
import type { CertificationCourseCard } from '../../contracts/catalogue.js';
import { badgeExpiresAtOf, badgeOffer } from '../certification/reads.js';
import { courses } from './catalogue.schema.js';
import { courseCardColumns, toCourseCard } from './course-cards.js';

/** Course card columns plus the exam settings and the learner's badge, if any. */
export function certificationCardColumns(userId: string | null) {
  return {
    ...courseCardColumns(userId),
    exam: courses.exam,
    badgeExpiresAt: userId ? badgeExpiresAtOf(userId, courses.id) : sql<Date | null>`null`,
  };
}

type CertificationRow = Parameters<typeof toCourseCard>[0] & { exam: (typeof courses.$inferSelect)['exam']; badgeExpiresAt: Date | null };

export function toCertificationCard(row: CertificationRow, now: Date): CertificationCourseCard {
  const slug = row.slug;
  const exam = row.exam ?? { questionCount: 0, minutes: 0, passPercent: 0, retakeWaitHours: 0 };
  const isAdvanced = isCertificationSlug(slug) && basicCourseOf(slug) !== slug;
  const offer = badgeOffer(row.badgeExpiresAt, now);
  return {
    ...toCourseCard(row),
    label: isCertificationSlug(slug) ? CERTIFICATION_COURSES[slug].label : row.title,
    badgeStatus: offer.badgeStatus,
    badgeExpiresAt: row.badgeExpiresAt?.toISOString() ?? null,
    examOffer: offer.examOffer,
    renewalOpensAt: offer.renewalOpensAt?.toISOString() ?? null,
    exam: { questionCount: exam.questionCount, minutes: exam.minutes, passPercent: exam.passPercent, retakeWaitHours: exam.retakeWaitHours },
    requiresSlug: isAdvanced && isCertificationSlug(slug) ? basicCourseOf(slug) : null,
  };
}
