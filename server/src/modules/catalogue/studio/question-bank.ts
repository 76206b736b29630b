import { and, desc, eq, inArray, ne, type SQL, sql } from 'drizzle-orm';
import { notFound } from '../../../core/errors/app-error.js';
import type { BankQuestion, ExamBlueprint } from '../../../contracts/studio-questions.js';
import type { DatabaseExecutor } from '../../../database/connection.js';
import { courses, questions, questionVersions } from '../catalogue.schema.js';
import { adminNamesOf } from './admin-names.js';

export type QuestionVersionRow = typeof questionVersions.$inferSelect;

/** Where a question version row is its question's latest: the question's working state. */
export const isLatestVersion: SQL = sql`${questionVersions.version} = (select max(v.version) from question_versions v where v.course_id = ${questionVersions.courseId} and v.question_id = ${questionVersions.questionId})`;

export interface BankCourse {
  id: string;
  slug: string;
  title: string;
  version: number;
  blueprint: ExamBlueprint;
}

const NEW_EXAM = { questionCount: 0, minutes: 30, passPercent: 70, retakeWaitHours: 24, topics: {}, topicNames: {} };

/** A certification course with its exam settings as the studio edits them; 404 for anything else. */
export async function bankCourseBySlug(db: DatabaseExecutor, slug: string): Promise<BankCourse> {
  const [course] = await db
    .select({ id: courses.id, slug: courses.slug, title: courses.title, version: courses.version, exam: courses.exam, badgeValidMonths: courses.badgeValidMonths })
    .from(courses)
    .where(and(eq(courses.kind, 'certification'), eq(courses.slug, slug)));
  if (!course) throw notFound('認定コース');
  // A course the studio has just created has no exam yet: its bank starts empty, with no topics.
  const { questionCount, minutes, passPercent, retakeWaitHours, topics, topicNames } = course.exam ?? NEW_EXAM;
  return {
    id: course.id,
    slug: course.slug,
    title: course.title,
    version: course.version,
    blueprint: {
      questionCount,
      minutes,
      passPercent,
      retakeWaitHours,
      topics,
      topicNames: topicNames ?? Object.fromEntries(Object.keys(topics).map((topic) => [topic, topic])),
      badgeValidMonths: course.badgeValidMonths ?? 12,
    },
  };
}

/** A question's latest version (its working state), or null for an id the course never had. */
export async function latestVersionOf(db: DatabaseExecutor, courseId: string, questionId: string): Promise<QuestionVersionRow | null> {
  const [row] = await db
    .select()
    .from(questionVersions)
    .where(and(eq(questionVersions.courseId, courseId), eq(questionVersions.questionId, questionId)))
    .orderBy(desc(questionVersions.version))
    .limit(1);
  return row ?? null;
}

/** Every question's latest version, with the version the published bank holds. */
export async function latestVersionsOf(db: DatabaseExecutor, courseId: string): Promise<(QuestionVersionRow & { publishedVersion: number | null })[]> {
  return db
    .select({
      courseId: questionVersions.courseId,
      questionId: questionVersions.questionId,
      version: questionVersions.version,
      status: questionVersions.status,
      topic: questionVersions.topic,
      type: questionVersions.type,
      prompt: questionVersions.prompt,
      choices: questionVersions.choices,
      explanation: questionVersions.explanation,
      difficulty: questionVersions.difficulty,
      editedAt: questionVersions.editedAt,
      editedBy: questionVersions.editedBy,
      publishedVersion: questions.version,
    })
    .from(questionVersions)
    .leftJoin(questions, and(eq(questions.courseId, questionVersions.courseId), eq(questions.questionId, questionVersions.questionId)))
    .where(
      and(
        eq(questionVersions.courseId, courseId),
        isLatestVersion,
      ),
    )
    .orderBy(questionVersions.questionId);
}

/** Published questions per topic: what a blueprint may ask for. */
export async function publishedCountsByTopic(db: DatabaseExecutor, courseId: string): Promise<Record<string, number>> {
  const rows = await db
    .select({ topic: questions.topic, count: sql<number>`count(*)`.mapWith(Number) })
    .from(questions)
    .where(eq(questions.courseId, courseId))
    .groupBy(questions.topic);
  return Object.fromEntries(rows.map((row) => [row.topic, row.count]));
}

/** Questions of these topics whose working state is not retired: a topic holding any cannot be removed. */
export async function liveQuestionCountsByTopic(db: DatabaseExecutor, courseId: string, topics: string[]): Promise<Record<string, number>> {
  if (topics.length === 0) return {};
  const rows = await db
    .select({ topic: questionVersions.topic, count: sql<number>`count(*)`.mapWith(Number) })
    .from(questionVersions)
    .where(
      and(
        eq(questionVersions.courseId, courseId),
        inArray(questionVersions.topic, topics),
        ne(questionVersions.status, 'retired'),
        isLatestVersion,
      ),
    )
    .groupBy(questionVersions.topic);
  return Object.fromEntries(rows.map((row) => [row.topic, row.count]));
}

export function toBankQuestion(row: QuestionVersionRow, publishedVersion: number | null, editedByName: string | null): BankQuestion {
  return {
    questionId: row.questionId,
    version: row.version,
    status: row.status,
    publishedVersion,
    topic: row.topic,
    type: row.type,
    prompt: row.prompt,
    choices: row.choices,
    explanation: row.explanation,
    difficulty: row.difficulty,
    editedAt: row.editedAt.toISOString(),
    editedByName,
  };
}

/** The blueprint a published bank of these counts cannot fill: the first short topic, in Japanese. */
export function blueprintShortfall(blueprint: Pick<ExamBlueprint, 'topics' | 'topicNames'>, published: Record<string, number>): { topic: string; message: string } | null {
  for (const [topic, count] of Object.entries(blueprint.topics)) {
    const have = published[topic] ?? 0;
    if (have < count) {
      return { topic, message: `分野「${blueprint.topicNames[topic] ?? topic}」の公開済みの問題が ${count - have} 問足りません（出題 ${count} 問、公開済み ${have} 問）` };
    }
  }
  return null;
}

/** The question as the bank shows it now (its published version, the editor's name): a 409's `current`. */
export async function currentBankQuestion(db: DatabaseExecutor, row: QuestionVersionRow): Promise<BankQuestion> {
  const [published] = await db
    .select({ version: questions.version })
    .from(questions)
    .where(and(eq(questions.courseId, row.courseId), eq(questions.questionId, row.questionId)));
  const names = await adminNamesOf(db, [row.editedBy]);
  return toBankQuestion(row, published?.version ?? null, row.editedBy ? (names.get(row.editedBy) ?? null) : null);
}
