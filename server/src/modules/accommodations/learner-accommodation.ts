import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { AppError, notFound } from '../../core/errors/app-error.js';
import { tokyoDay } from '../../contracts/tokyo-date.js';
import { accommodationApplies, type LearnerAccommodation } from '../../contracts/exam-accommodations.js';
import type { DatabaseExecutor } from '../../database/connection.js';
import { learnerContact } from '../identity/reads.js';
import { examAccommodations } from './accommodations.schema.js';

export const UNKNOWN_LEARNER = '学習者';
export const UNKNOWN_EMAIL_MESSAGE = 'このメールアドレスの学習者が見つかりません';

const uuid = z.uuid();

/** A path segment that is not a uuid names no learner: 404, never handed to the uuid column. */
export function userIdOrNotFound(input: string): string {
  if (!uuid.safeParse(input).success) throw notFound(UNKNOWN_LEARNER);
  return input.toLowerCase();
}

export type AccommodationRow = typeof examAccommodations.$inferSelect;

/**
 * The learner (by id or e-mail) and their grant row, withdrawn or not; 404 when there is no such learner.
 * Learners only: extra exam time means nothing to an admin account.
 */
export async function learnerWithGrant(db: DatabaseExecutor, which: { userId: string } | { email: string }, options: { field?: string } = {}) {
  const learner = await learnerContact(db, which);
  if (!learner) throw options.field ? new AppError('NOT_FOUND', UNKNOWN_EMAIL_MESSAGE, options.field) : notFound(UNKNOWN_LEARNER);
  const [grant] = await db.select().from(examAccommodations).where(eq(examAccommodations.userId, learner.userId));
  return { ...learner, grant: grant ?? null };
}

/** What the admin sees: the learner and the grant they hold now (a withdrawn one is none). */
export function learnerAccommodationView(
  row: { userId: string; email: string | null; lastName: string; firstName: string; grant: AccommodationRow | null },
  now: Date,
): LearnerAccommodation {
  const grant = row.grant && row.grant.withdrawnAt === null ? row.grant : null;
  return {
    learner: { userId: row.userId, email: row.email, name: `${row.lastName} ${row.firstName}`.trim() },
    accommodation: grant && {
      extraMinutes: grant.extraMinutes,
      extraPercent: grant.extraPercent,
      endsOn: grant.endsOn,
      note: grant.note,
      grantedAt: grant.grantedAt.toISOString(),
      active: accommodationApplies(grant, tokyoDay(now)),
    },
  };
}
