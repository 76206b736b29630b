import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, primaryKey, uuid } from 'drizzle-orm/pg-core';
import { timestamptz } from '../../database/columns.js';
import { courseKey } from '../catalogue/reads.js';
import { userKey } from '../identity/reads.js';

/** A learner's relation to one course: the wish list and the course history, projected from the `course-activity` stream. */
export const courseActivity = pgTable(
  'course_activity',
  {
    userId: uuid('user_id').notNull().references(userKey, { onDelete: 'cascade' }),
    courseId: uuid('course_id').notNull().references(courseKey, { onDelete: 'cascade' }),
    isFavorite: boolean('is_favorite').notNull().default(false),
    favoritedAt: timestamptz('favorited_at'),
    firstVisitedAt: timestamptz('first_visited_at'),
    lastVisitedAt: timestamptz('last_visited_at'),
    streamVersion: integer('stream_version').notNull().default(0),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.courseId] }),
    index('course_activity_favorites_idx').on(table.userId, table.favoritedAt).where(sql`${table.isFavorite}`),
    index('course_activity_history_idx').on(table.userId, table.lastVisitedAt).where(sql`${table.lastVisitedAt} is not null`),
  ],
);
