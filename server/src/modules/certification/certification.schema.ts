import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { timestamptz } from '../../database/columns.js';
import { courseKey } from '../catalogue/reads.js';
import { userKey } from '../identity/reads.js';

/** The learner a row belongs to; the row goes with them. */
const learnerColumn = () => uuid('user_id').notNull().references(userKey, { onDelete: 'cascade' });
/** The course a row is about; the row goes with it. */
const courseColumn = () => uuid('course_id').notNull().references(courseKey, { onDelete: 'cascade' });

/**
 * A question frozen into a session: drawn, its choices shuffled and given ids of this session's own,
 * which the learner sees and answers with. `bankChoiceId` (c1…cN, the bank's order) stays on the
 * server: a leaked "question → choice" key of one session names nothing in another. Sessions frozen
 * before per-session ids (choiceId c1…cN, no bankChoiceId) are the bank's ids themselves.
 */
export interface FrozenQuestion {
  questionId: string;
  topic: string;
  type: 'single' | 'multiple';
  prompt: string;
  choices: FrozenChoice[];
  /** The bank version drawn (`questions.version`), so a later edit of the question leaves the session's copy explained; absent in sessions drawn before it was recorded. */
  version?: number;
}

export interface FrozenChoice {
  choiceId: string;
  bankChoiceId?: string;
  text: string;
  correct: boolean;
}

export interface TopicScore {
  topic: string;
  correct: number;
  total: number;
}

export interface ExamScore {
  correct: number;
  total: number;
  percent: number;
  passed: boolean;
  /** Per topic only: which questions were right is never told. */
  topics: TopicScore[];
}

/** A learner's attempt at a certification exam: its frozen questions, saved answers and outcome (stream `exam-session`). */
export const examSessions = pgTable(
  'exam_sessions',
  {
    id: uuid('id').primaryKey(),
    userId: learnerColumn(),
    courseId: courseColumn(),
    status: text('status', { enum: ['running', 'submitted', 'expired', 'graded'] }).notNull(),
    questions: jsonb('questions').$type<FrozenQuestion[]>().notNull(),
    answers: jsonb('answers').$type<Record<string, string[]>>().notNull(),
    startedAt: timestamptz('started_at').notNull(),
    deadline: timestamptz('deadline').notNull(),
    finishedAt: timestamptz('finished_at'),
    passed: boolean('passed'),
    /** Set by grading: totals and the per-topic breakdown (never which questions were right). */
    score: jsonb('score').$type<ExamScore>(),
    streamVersion: integer('stream_version').notNull(),
  },
  (table) => [
    // One exam at a time, even when two starts race.
    uniqueIndex('exam_sessions_one_running_key').on(table.userId).where(sql`${table.status} = 'running'`),
    index('exam_sessions_user_course_idx').on(table.userId, table.courseId, table.startedAt),
    // The finaliser looks for running sessions past their deadline.
    index('exam_sessions_running_deadline_idx').on(table.deadline).where(sql`${table.status} = 'running'`),
    // The reconciler looks for finished sessions still waiting for their grade.
    index('exam_sessions_ungraded_idx').on(table.finishedAt).where(sql`${table.status} in ('submitted', 'expired')`),
  ],
);

/**
 * Each question of a graded session, right or not as grading scored it (`questionOutcomes`): written with
 * the grade, read by the exam analytics, so the correctness rule lives in one place.
 */
export const examQuestionOutcomes = pgTable(
  'exam_question_outcomes',
  {
    examSessionId: uuid('exam_session_id')
      .notNull()
      .references(() => examSessions.id, { onDelete: 'cascade' }),
    questionId: text('question_id').notNull(),
    courseId: courseColumn(),
    topic: text('topic').notNull(),
    prompt: text('prompt').notNull(),
    correct: boolean('correct').notNull(),
    /** The session's start, by which the analytics count attempts. */
    startedAt: timestamptz('started_at').notNull(),
  },
  (table) => [primaryKey({ columns: [table.examSessionId, table.questionId] }), index('exam_question_outcomes_course_idx').on(table.courseId, table.startedAt)],
);

/** Skill badges held, one row per learner and certification course (the latest award counts). */
export const badges = pgTable(
  'badges',
  {
    userId: learnerColumn(),
    courseId: courseColumn(),
    awardedAt: timestamptz('awarded_at').notNull(),
    expiresAt: timestamptz('expires_at').notNull(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.courseId] }), index('badges_expires_at_idx').on(table.expiresAt)],
);

/**
 * The CloudCampusBadgesMigrated events whose badges certification has made (after the migration's
 * commit, by its reaction): a repeat of the reaction finds its event here and does nothing, and the
 * reconciler finds a migration whose reaction was lost by its absence.
 */
export const migratedBadgeApplications = pgTable('migrated_badge_applications', {
  eventId: uuid('event_id').primaryKey(),
  appliedAt: timestamptz('applied_at').notNull(),
});
