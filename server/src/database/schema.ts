import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

const timestamptz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** The append-only event log: the source of truth for every state change (ARCHITECTURE §4). */
export const events = pgTable(
  'events',
  {
    seq: bigint('seq', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    id: uuid('id').notNull().unique(),
    streamType: text('stream_type').notNull(),
    streamId: text('stream_id').notNull(),
    version: integer('version').notNull(),
    type: text('type').notNull(),
    data: jsonb('data').notNull(),
    meta: jsonb('meta').notNull(),
    occurredAt: timestamptz('occurred_at').notNull().defaultNow(),
    relayedAt: timestamptz('relayed_at'),
    /** The learner the event concerns (`concernedUserId` in realtime/admin-event-view.ts), kept by PostgreSQL so the admin history filters by index. */
    concernedUserId: text('concerned_user_id').generatedAlwaysAs(
      sql`coalesce(case when jsonb_typeof(data->'userId') = 'string' then data->>'userId' end, meta->>'actorId', case when stream_type = 'user' then stream_id end)`,
    ),
  },
  (table) => [
    uniqueIndex('events_stream_version_key').on(table.streamType, table.streamId, table.version),
    index('events_unrelayed_idx').on(table.seq).where(sql`${table.relayedAt} is null`),
    index('events_type_idx').on(table.type, table.seq),
    index('events_concerned_user_idx').on(table.concernedUserId, table.seq),
  ],
);

/** Read model of a learner or admin, projected from the `user` stream. */
export const users = pgTable('users', {
  id: uuid('id').primaryKey(),
  subject: text('subject').notNull().unique(),
  lastName: text('last_name').notNull().default(''),
  firstName: text('first_name').notNull().default(''),
  lastNameKana: text('last_name_kana'),
  firstNameKana: text('first_name_kana'),
  email: text('email'),
  iconUrl: text('icon_url'),
  role: text('role', { enum: ['learner', 'admin'] }).notNull().default('learner'),
  hasProfile: boolean('has_profile').notNull().default(false),
  hasAcceptedAgreements: boolean('has_accepted_agreements').notNull().default(false),
  canMigrateFromCloudCampus: boolean('can_migrate_from_cloud_campus').notNull().default(false),
  /** The e-mail address the identity provider vouches for (email_verified), refreshed at each login; Cloud Campus records are matched on it. */
  verifiedEmail: text('verified_email'),
  streamVersion: integer('stream_version').notNull().default(0),
  createdAt: timestamptz('created_at').notNull().defaultNow(),
  updatedAt: timestamptz('updated_at').notNull().defaultNow(),
});

export const agreementAcceptances = pgTable(
  'agreement_acceptances',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    termsVersion: text('terms_version').notNull(),
    acceptedAt: timestamptz('accepted_at').notNull(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.termsVersion] })],
);

/** Server-side sessions; the cookie holds a random token, the table only its SHA-256. */
export const sessions = pgTable(
  'sessions',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    idToken: text('id_token'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    lastSeenAt: timestamptz('last_seen_at').notNull().defaultNow(),
    expiresAt: timestamptz('expires_at').notNull(),
  },
  (table) => [index('sessions_user_idx').on(table.userId)],
);

/** A login in flight between the redirect to the provider and its callback. */
export const loginAttempts = pgTable('login_attempts', {
  tokenHash: text('token_hash').primaryKey(),
  state: text('state').notNull(),
  nonce: text('nonce').notNull(),
  codeVerifier: text('code_verifier').notNull(),
  returnTo: text('return_to').notNull(),
  expiresAt: timestamptz('expires_at').notNull(),
});

/* ---- Catalogue read models, written by the content importer ---- */

export const programs = pgTable('programs', {
  code: text('code', { enum: ['OA', 'AD', 'Y_ADS'] }).primaryKey(),
  serviceSlug: text('service_slug').notNull().unique(),
  name: text('name').notNull(),
  description: text('description').notNull(),
  position: integer('position').notNull(),
});

export const categories = pgTable(
  'categories',
  {
    program: text('program')
      .notNull()
      .references(() => programs.code, { onDelete: 'cascade' }),
    slug: text('slug').notNull(),
    name: text('name').notNull(),
    position: integer('position').notNull(),
  },
  (table) => [primaryKey({ columns: [table.program, table.slug] })],
);

/** Learning, seminar, video and certification courses; `exam` is set for certification courses only. */
export const courses = pgTable(
  'courses',
  {
    id: uuid('id').primaryKey(),
    kind: text('kind', { enum: ['learning', 'seminar', 'video', 'certification'] }).notNull(),
    program: text('program').notNull(),
    slug: text('slug').notNull(),
    title: text('title').notNull(),
    summary: text('summary').notNull(),
    level: text('level', { enum: ['BEGINNER', 'INTERMEDIATE', 'ADVANCED'] }),
    categories: jsonb('categories').$type<string[]>().notNull(),
    estimatedMinutes: integer('estimated_minutes').notNull(),
    loginRequired: boolean('login_required').notNull().default(false),
    exam: jsonb('exam').$type<{
      questionCount: number;
      minutes: number;
      passPercent: number;
      retakeWaitHours: number;
      topics: Record<string, number>;
      /** Absent from rows imported before topics had names: the slug is shown then. */
      topicNames?: Record<string, string>;
    }>(),
    badgeValidMonths: integer('badge_valid_months'),
    position: integer('position').notNull(),
    contentHash: text('content_hash').notNull(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (table) => [uniqueIndex('courses_kind_slug_key').on(table.kind, table.slug), index('courses_program_kind_idx').on(table.program, table.kind)],
);

export const lessons = pgTable(
  'lessons',
  {
    id: uuid('id').primaryKey(),
    courseId: uuid('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    slug: text('slug').notNull(),
    position: integer('position').notNull(),
    title: text('title').notNull(),
    kind: text('kind', { enum: ['text', 'slides', 'video'] }).notNull(),
    loginRequired: boolean('login_required').notNull().default(false),
    estimatedMinutes: integer('estimated_minutes').notNull(),
    body: text('body').notNull(),
    slides: jsonb('slides').$type<string[]>().notNull(),
    /** Video lessons: the file's path in the media storage. */
    video: text('video'),
    pdfPath: text('pdf_path'),
    relatedLinks: jsonb('related_links').$type<{ title: string; url: string }[]>().notNull(),
    checks: jsonb('checks').$type<{ question: string; choices: string[]; answer: number; explanation: string }[]>().notNull(),
    contentHash: text('content_hash').notNull(),
  },
  (table) => [uniqueIndex('lessons_course_slug_key').on(table.courseId, table.slug)],
);

export const questions = pgTable(
  'questions',
  {
    courseId: uuid('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    questionId: text('question_id').notNull(),
    topic: text('topic').notNull(),
    type: text('type', { enum: ['single', 'multiple'] }).notNull(),
    prompt: text('prompt').notNull(),
    choices: jsonb('choices').$type<{ text: string; correct: boolean }[]>().notNull(),
    explanation: text('explanation').notNull(),
    contentHash: text('content_hash').notNull(),
  },
  (table) => [primaryKey({ columns: [table.courseId, table.questionId] })],
);

export const featuredItems = pgTable('featured_items', {
  position: integer('position').primaryKey(),
  courseId: uuid('course_id')
    .notNull()
    .references(() => courses.id, { onDelete: 'cascade' }),
  headline: text('headline').notNull(),
});

/** The campaign and the agreement texts, by key. */
export const siteTexts = pgTable('site_texts', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  contentHash: text('content_hash').notNull(),
});

/** The learner a row belongs to; the row goes with them. */
const learnerColumn = () =>
  uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' });

/** The course a row is about; the row goes with it. */
const courseColumn = () =>
  uuid('course_id')
    .notNull()
    .references(() => courses.id, { onDelete: 'cascade' });

/** A learner's relation to one course: the wish list and the course history, projected from the `course-activity` stream. */
export const courseActivity = pgTable(
  'course_activity',
  {
    userId: learnerColumn(),
    courseId: courseColumn(),
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

/** Lessons a learner has completed (the lesson issue's `LessonCompleted` projection); course progress is counted from it. */
export const lessonCompletions = pgTable(
  'lesson_completions',
  {
    userId: learnerColumn(),
    lessonId: uuid('lesson_id')
      .notNull()
      .references(() => lessons.id, { onDelete: 'cascade' }),
    courseId: courseColumn(),
    completedAt: timestamptz('completed_at').notNull(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.lessonId] }), index('lesson_completions_course_idx').on(table.userId, table.courseId)],
);

/** Skill badges held, one row per learner and certification course (the latest award counts). */
export const badges = pgTable(
  'badges',
  {
    userId: learnerColumn(),
    courseId: courseColumn(),
    awardedAt: timestamptz('awarded_at').notNull(),
    expiresAt: timestamptz('expires_at').notNull(),
    /** The certificate of this award, set when it is issued; null until then (and again on a new award). */
    certificateId: uuid('certificate_id'),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.courseId] }),
    index('badges_expires_at_idx').on(table.expiresAt),
    // The reconciler looks for awards still waiting for their certificate: a small set, whatever the history.
    index('badges_without_certificate_idx').on(table.awardedAt).where(sql`${table.certificateId} is null`),
  ],
);

/**
 * The notifications module's own record of the expiry reminders it sent: one per badge and expiry date
 * (a renewed badge has a new date, so a new reminder). The row is the claim: two workers, or a second
 * run, insert it once.
 */
export const badgeExpiryReminders = pgTable(
  'badge_expiry_reminders',
  {
    userId: learnerColumn(),
    courseId: courseColumn(),
    expiresAt: timestamptz('expires_at').notNull(),
    remindedAt: timestamptz('reminded_at').notNull(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.courseId, table.expiresAt] })],
);

/** Our own short links for sharing: /s/<code> redirects to a URL of this site. */
export const shortLinks = pgTable('short_links', {
  code: text('code').primaryKey(),
  url: text('url').notNull().unique(),
  createdAt: timestamptz('created_at').notNull().defaultNow(),
});

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
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    lessonId: uuid('lesson_id')
      .notNull()
      .references(() => lessons.id, { onDelete: 'cascade' }),
    useful: boolean('useful').notNull(),
    comment: text('comment'),
    answeredAt: timestamptz('answered_at').notNull(),
  },
  (table) => [index('lesson_questionnaire_lesson_idx').on(table.lessonId)],
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

/** A learner's attempt at a certification exam: its frozen questions, saved answers and outcome (stream `exam-session`). */
export const examSessions = pgTable(
  'exam_sessions',
  {
    id: uuid('id').primaryKey(),
    userId: learnerColumn(),
    courseId: courseColumn(),
    status: text('status', { enum: ['running', 'submitted', 'expired', 'graded'] }).notNull(),
    questions: jsonb('questions').$type<import('../modules/certification/domain/exam-session.js').FrozenQuestion[]>().notNull(),
    answers: jsonb('answers').$type<Record<string, string[]>>().notNull(),
    startedAt: timestamptz('started_at').notNull(),
    deadline: timestamptz('deadline').notNull(),
    finishedAt: timestamptz('finished_at'),
    passed: boolean('passed'),
    /** Set by grading: totals and the per-topic breakdown (never which questions were right). */
    score: jsonb('score').$type<import('../modules/certification/domain/exam-session.js').ExamScore>(),
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

/** Certificates issued for passed exams: one per passed session (stream `certificate`); the PDF is rendered once into the private certificate folder. */
export const certificates = pgTable(
  'certificates',
  {
    id: uuid('id').primaryKey(),
    /** Short public code: the address of /mypage/certificates/{slug} and of the verification page. */
    slug: text('slug').notNull().unique(),
    userId: learnerColumn(),
    courseId: courseColumn(),
    examSessionId: uuid('exam_session_id').unique(),
    /** The name printed on the certificate, in Japanese order, as it was when issued. */
    holderName: text('holder_name').notNull(),
    issuedAt: timestamptz('issued_at').notNull(),
    expiresAt: timestamptz('expires_at').notNull(),
    /** Path of the PDF inside the certificate folder (CERTIFICATE_DIR). */
    pdfPath: text('pdf_path').notNull(),
  },
  (table) => [index('certificates_user_idx').on(table.userId, table.issuedAt)],
);

/**
 * Personal notifications (spec §3), each made from the event that caused it. One event may notify many
 * learners (an admin message to a segment), so `(user_id, source_event_id)` is what keeps at-least-once
 * delivery from doubling one.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey(),
    userId: learnerColumn(),
    kind: text('kind').notNull(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    /** A page of the campus the notification leads to. */
    link: text('link'),
    sourceEventId: uuid('source_event_id'),
    createdAt: timestamptz('created_at').notNull(),
    readAt: timestamptz('read_at'),
  },
  (table) => [
    uniqueIndex('notifications_user_source_event_key').on(table.userId, table.sourceEventId),
    index('notifications_user_idx').on(table.userId, table.createdAt),
    index('notifications_unread_idx').on(table.userId).where(sql`${table.readAt} is null`),
  ],
);

/** Badge records imported from the older Cloud Campus, waiting for the learner with the same verified e-mail to carry them over. */
export const legacyBadges = pgTable(
  'legacy_badges',
  {
    /** Lower-cased. */
    email: text('email').notNull(),
    courseSlug: text('course_slug').notNull(),
    passedAt: timestamptz('passed_at').notNull(),
    importedAt: timestamptz('imported_at').notNull(),
    migratedUserId: uuid('migrated_user_id').references(() => users.id, { onDelete: 'set null' }),
    migratedAt: timestamptz('migrated_at'),
  },
  (table) => [primaryKey({ columns: [table.email, table.courseSlug] })],
);

/** General announcements (spec §3), projected from the `announcement` stream; visible once `publish_at` has passed, unless unpublished. */
export const announcements = pgTable(
  'announcements',
  {
    id: uuid('id').primaryKey(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    /** A page of the campus the announcement leads to. */
    link: text('link'),
    publishAt: timestamptz('publish_at').notNull(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    unpublishedAt: timestamptz('unpublished_at'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (table) => [index('announcements_publish_at_idx').on(table.publishAt)],
);

/** Which learner has read which announcement (an announcement is one row for everyone, so reads live apart). */
export const announcementReads = pgTable(
  'announcement_reads',
  {
    userId: learnerColumn(),
    announcementId: uuid('announcement_id')
      .notNull()
      .references(() => announcements.id, { onDelete: 'cascade' }),
    readAt: timestamptz('read_at').notNull(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.announcementId] })],
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
  requestedBy: uuid('requested_by').references(() => users.id, { onDelete: 'set null' }),
  requestedAt: timestamptz('requested_at').notNull(),
  finishedAt: timestamptz('finished_at'),
});

/**
 * What the campus's own pages report about their use (page views, events, goals): the first-party
 * analytics log admins read. Telemetry, not a domain fact — nothing is decided from it, it is
 * written at the rate pages are viewed and pruned after a while — so a plain table rather than the
 * event store, whose rows are kept forever and relayed to reactions.
 * Only the learner's id is kept (and only after the privacy policy was accepted): no IP address, no user agent.
 */
export const analyticsReports = pgTable(
  'analytics_reports',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    /** The page's clock, clamped to the day before receipt (a client clock is not to be trusted). */
    occurredAt: timestamptz('occurred_at').notNull(),
    receivedAt: timestamptz('received_at').notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    kind: text('kind', { enum: ['page_view', 'event', 'goal'] }).notNull(),
    name: text('name').notNull(),
    path: text('path').notNull(),
    params: jsonb('params').$type<Record<string, string | number | boolean | null>>().notNull().default({}),
  },
  (table) => [
    index('analytics_reports_occurred_at_idx').on(table.occurredAt),
    index('analytics_reports_name_idx').on(table.name, table.id),
    index('analytics_reports_user_idx').on(table.userId, table.id).where(sql`${table.userId} is not null`),
  ],
);
