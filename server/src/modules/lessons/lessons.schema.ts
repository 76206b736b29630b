import { boolean, index, integer, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { timestamptz } from '../../database/columns.js';
import { courseKey, lessonKey } from '../catalogue/reads.js';
import { userKey } from '../identity/reads.js';

/** The learner a row is about; the row goes with them. */
const learnerColumn = () => uuid('user_id').notNull().references(userKey, { onDelete: 'cascade' });
/** The course a row is about; the row goes with it. */
const courseColumn = () => uuid('course_id').notNull().references(courseKey, { onDelete: 'cascade' });

/** Lessons a learner has completed (the lesson issue's `LessonCompleted` projection); course progress is counted from it. */
export const lessonCompletions = pgTable(
  'lesson_completions',
  {
    userId: learnerColumn(),
    lessonId: uuid('lesson_id').notNull().references(lessonKey, { onDelete: 'cascade' }),
    courseId: courseColumn(),
    completedAt: timestamptz('completed_at').notNull(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.lessonId] }), index('lesson_completions_course_idx').on(table.userId, table.courseId)],
);

/** Reviews given after completing a course, one per learner, course and trigger (spec §3 Feedback). */
export const courseFeedback = pgTable(
  'course_feedback',
  {
    userId: learnerColumn(),
    courseId: courseColumn(),
    popupType: text('popup_type', { enum: ['COURSE_COMPLETED_FIRST_TIME', 'COURSE_COMPLETED_ALL_COURSES_IN_A_CATEGORY', 'COURSE_COMPLETED_GENERAL'] }).notNull(),
    score: integer('score').notNull(),
    freetext: text('freetext'),
    receivedAt: timestamptz('received_at').notNull(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.courseId, table.popupType] })],
);

/** Answers to the "was this lesson useful?" questionnaire; visitors may answer too. */
export const lessonQuestionnaireAnswers = pgTable(
  'lesson_questionnaire_answers',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id').references(userKey, { onDelete: 'set null' }),
    lessonId: uuid('lesson_id').notNull().references(lessonKey, { onDelete: 'cascade' }),
    useful: boolean('useful').notNull(),
    comment: text('comment'),
    answeredAt: timestamptz('answered_at').notNull(),
  },
  (table) => [index('lesson_questionnaire_lesson_idx').on(table.lessonId)],
);
