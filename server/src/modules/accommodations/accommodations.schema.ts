import { date, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { timestamptz } from '../../database/columns.js';
import { userKey } from '../identity/reads.js';

/**
 * Each learner's extra exam time, projected from their `exam-accommodation` stream. A withdrawn grant
 * keeps its row (with `withdrawn_at`) so that the row still carries the stream's version. Certification
 * reads it at an exam's start, the catalogue for the learner's own limit on the policy page.
 */
export const examAccommodations = pgTable('exam_accommodations', {
  userId: uuid('user_id')
    .notNull()
    .references(userKey, { onDelete: 'cascade' })
    .primaryKey(),
  /** Exactly one of the two is set while granted. */
  extraMinutes: integer('extra_minutes'),
  extraPercent: integer('extra_percent'),
  /** The last Tokyo day an exam may start with the extra time; null = no end. */
  endsOn: date('ends_on', { mode: 'string' }),
  note: text('note').notNull(),
  grantedAt: timestamptz('granted_at').notNull(),
  grantedBy: uuid('granted_by'),
  withdrawnAt: timestamptz('withdrawn_at'),
  /** The version of the learner's `exam-accommodation` stream this row reflects. */
  streamVersion: integer('stream_version').notNull(),
});
