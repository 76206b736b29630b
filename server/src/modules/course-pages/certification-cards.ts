import { sql } from 'drizzle-orm';
import { basicCourseOf, certificationLabelOf, isCertificationSlug } from '../../contracts/catalogue-slugs.js';
import type { CertificationCourseCard } from '../../contracts/catalogue.js';
import { type CertificationExam, certificationCardContent, courseIdOfRow } from '../catalogue/reads.js';
import { badgeExpiresAtOf, badgeOffer } from '../certification/reads.js';
import { courseCardColumns, toCourseCard } from './course-cards.js';

/** Course card columns plus the exam settings and the learner's badge, if any. */
export function certificationCardColumns(userId: string | null) {
  return {
    ...courseCardColumns(userId),
    exam: certificationCardContent.exam,
    badgeExpiresAt: userId ? badgeExpiresAtOf(userId, courseIdOfRow) : sql<Date | null>`null`,
  };
}

type CertificationRow = Parameters<typeof toCourseCard>[0] & { exam: CertificationExam; badgeExpiresAt: Date | null };

export function toCertificationCard(row: CertificationRow, now: Date): CertificationCourseCard {
  const slug = row.slug;
  const exam = row.exam ?? { questionCount: 0, minutes: 0, passPercent: 0, retakeWaitHours: 0 };
  const isAdvanced = isCertificationSlug(slug) && basicCourseOf(slug) !== slug;
  const offer = badgeOffer(row.badgeExpiresAt, now);
  return {
    ...toCourseCard(row),
    label: certificationLabelOf(slug, row.title),
    badgeStatus: offer.badgeStatus,
    badgeExpiresAt: row.badgeExpiresAt?.toISOString() ?? null,
    examOffer: offer.examOffer,
    renewalOpensAt: offer.renewalOpensAt?.toISOString() ?? null,
    exam: { questionCount: exam.questionCount, minutes: exam.minutes, passPercent: exam.passPercent, retakeWaitHours: exam.retakeWaitHours },
    requiresSlug: isAdvanced ? basicCourseOf(slug) : null,
  };
}
