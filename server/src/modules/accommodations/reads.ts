import { and, eq, isNull } from 'drizzle-orm';
import { tokyoDay } from '../../contracts/tokyo-date.js';
import { accommodationApplies, extraMinutesOf } from '../../contracts/exam-accommodations.js';
import type { DatabaseExecutor } from '../../database/connection.js';
import { examAccommodations } from './accommodations.schema.js';

/**
 * The extra minutes an exam of `examMinutes` started at `now` gets: the learner's grant in force then
 * (not withdrawn, its end day not behind in Tokyo); 0 without one.
 */
export async function examExtraMinutes(db: DatabaseExecutor, userId: string, examMinutes: number, now: Date): Promise<number> {
  const [grant] = await db
    .select({ extraMinutes: examAccommodations.extraMinutes, extraPercent: examAccommodations.extraPercent, endsOn: examAccommodations.endsOn })
    .from(examAccommodations)
    .where(and(eq(examAccommodations.userId, userId), isNull(examAccommodations.withdrawnAt)));
  return extraMinutesOf(examMinutes, grant && accommodationApplies(grant, tokyoDay(now)) ? grant : null);
}
