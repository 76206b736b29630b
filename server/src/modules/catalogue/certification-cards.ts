import { sql } from 'drizzle-orm';
import { renewalOpensAt } from '../../contracts/badge-validity.js';
import { basicCourseOf, CERTIFICATION_COURSES, isCertificationSlug } from '../../contracts/catalogue-slugs.js';
import type { BadgeStatus, CertificationCourseCard } from '../../contracts/catalogue.js';
import { courses } from './catalogue.schema.js';
import { courseCardColumns, toCourseCard } from './course-cards.js';

/** Course card columns plus the exam settings and the learner's badge, if any. */
export function certificationCardColumns(userId: string | null) {
  return {
    ...courseCardColumns(userId),
    exam: courses.exam,
    badgeExpiresAt: userId
      ? sql<Date | null>`(select "badges"."expires_at" from "badges" where "badges"."user_id" = ${userId} and "badges"."course_id" = "courses"."id")`.mapWith(
          (value: string | Date | null) => (value === null ? null : new Date(value)),
        )
      : sql<Date | null>`null`,
  };
}

type CertificationRow = Parameters<typeof toCourseCard>[0] & { exam: (typeof courses.$inferSelect)['exam']; badgeExpiresAt: Date | null };

export function badgeStatusAt(expiresAt: Date | null, now: Date): BadgeStatus {
  if (!expiresAt) return 'unavailable';
  return expiresAt > now ? 'available' : 'expired';
}

/** The start rule's renewal window (`startDecision`), as the course page offers it. */
export function examOfferAt(expiresAt: Date | null, now: Date): CertificationCourseCard['examOffer'] {
  if (!expiresAt) return 'take';
  return renewalOpensAt(expiresAt) > now ? 'held' : 'renew';
}

export function toCertificationCard(row: CertificationRow, now: Date): CertificationCourseCard {
  const slug = row.slug;
  const exam = row.exam ?? { questionCount: 0, minutes: 0, passPercent: 0, retakeWaitHours: 0 };
  const isAdvanced = isCertificationSlug(slug) && basicCourseOf(slug) !== slug;
  return {
    ...toCourseCard(row),
    label: isCertificationSlug(slug) ? CERTIFICATION_COURSES[slug].label : row.title,
    badgeStatus: badgeStatusAt(row.badgeExpiresAt, now),
    badgeExpiresAt: row.badgeExpiresAt?.toISOString() ?? null,
    examOffer: examOfferAt(row.badgeExpiresAt, now),
    renewalOpensAt: row.badgeExpiresAt ? renewalOpensAt(row.badgeExpiresAt).toISOString() : null,
    exam: { questionCount: exam.questionCount, minutes: exam.minutes, passPercent: exam.passPercent, retakeWaitHours: exam.retakeWaitHours },
    requiresSlug: isAdvanced && isCertificationSlug(slug) ? basicCourseOf(slug) : null,
  };
}
