import { eq, isNull } from 'drizzle-orm';
import { integer, jsonb, pgTable, pgView, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { timestamptz } from '../../database/columns.js';
import { certificationCourseRows } from '../catalogue/reads.js';
import { userKey } from '../identity/reads.js';

/** Badge records imported from the older Cloud Campus, waiting for the learner with the same verified e-mail to carry them over. */
export const legacyBadges = pgTable(
  'legacy_badges',
  {
    /** Lower-cased. */
    email: text('email').notNull(),
    courseSlug: text('course_slug').notNull(),
    passedAt: timestamptz('passed_at').notNull(),
    importedAt: timestamptz('imported_at').notNull(),
    migratedUserId: uuid('migrated_user_id').references(userKey, { onDelete: 'set null' }),
    migratedAt: timestamptz('migrated_at'),
  },
  (table) => [primaryKey({ columns: [table.email, table.courseSlug] })],
);

/** Legacy badge CSV files uploaded by admins (stream `legacy-badge-import`); the worker imports them and keeps the progress here. */
export const legacyBadgeImports = pgTable('legacy_badge_imports', {
  id: uuid('id').primaryKey(),
  fileName: text('file_name').notNull(),
  csv: text('csv').notNull(),
  status: text('status', { enum: ['queued', 'running', 'done', 'failed'] }).notNull(),
  totalRows: integer('total_rows').notNull().default(0),
  processedRows: integer('processed_rows').notNull().default(0),
  importedCount: integer('imported_count').notNull().default(0),
  unchangedCount: integer('unchanged_count').notNull().default(0),
  rejectedRows: jsonb('rejected_rows').$type<{ line: number; reason: string }[]>().notNull().default([]),
  requestedBy: uuid('requested_by').references(userKey, { onDelete: 'set null' }),
  requestedAt: timestamptz('requested_at').notNull(),
  finishedAt: timestamptz('finished_at'),
});

/**
 * The one definition of "records an e-mail can carry over now": not migrated yet, for a certification
 * course present in the catalogue. Offering (identity's sign-in, the import) and migrating read it, so
 * they agree: a record the migration skips must not raise the offer again, or the popup returns at
 * every login and migrates nothing. A record whose course is not in the catalogue (yet) keeps waiting
 * and counts once the course arrives. The certification courses come from catalogue's published
 * subquery (`certificationCourseRows`), not its table.
 */
export const waitingLegacyBadges = pgView('waiting_legacy_badges').as((qb) => {
  const course = certificationCourseRows(qb);
  return qb
    .select({
      email: legacyBadges.email,
      courseSlug: legacyBadges.courseSlug,
      passedAt: legacyBadges.passedAt,
      courseId: course.id,
      validMonths: course.validMonths,
    })
    .from(legacyBadges)
    .innerJoin(course, eq(course.slug, legacyBadges.courseSlug))
    .where(isNull(legacyBadges.migratedAt));
});
