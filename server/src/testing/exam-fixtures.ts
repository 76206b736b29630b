import { randomUUID } from 'node:crypto';
import type { CommandBus } from '@nestjs/cqrs';
import { eq } from 'drizzle-orm';
import { FinaliseOverdueExamsHandler } from '../modules/certification/commands/finalise-overdue-exams/finalise-overdue-exams.handler';
import { StartExamCommand } from '../modules/certification/commands/start-exam/start-exam.command';
import { StartExamHandler } from '../modules/certification/commands/start-exam/start-exam.handler';
import { ExamSessionRepository } from '../modules/certification/exam-session.repository';
import { events } from '../database/events.schema';
import { courses, questions } from '../modules/catalogue/catalogue.schema';
import { examSessions } from '../modules/certification/certification.schema';
import { users } from '../modules/identity/identity.schema';
import { aCertificationCourseRow } from './catalogue-rows';
import type { openPgliteStore } from './pglite-store';

type Store = Awaited<ReturnType<typeof openPgliteStore>>;

/** Per course: two topics, two single-choice and one multiple-choice question drawn of four in the bank. */
export const EXAM_TOPICS = { basics: 2, measurement: 1 };

const BANK = [
  { questionId: 'q1', topic: 'basics', type: 'single' as const, choices: [true, false, false] },
  { questionId: 'q2', topic: 'basics', type: 'single' as const, choices: [false, true] },
  { questionId: 'q3', topic: 'basics', type: 'single' as const, choices: [false, false, true] },
  { questionId: 'q4', topic: 'measurement', type: 'multiple' as const, choices: [true, false, true] },
];

/** A certification course as the content import writes it: its exam settings and its question bank. */
export async function aCourseWithBank(store: Store, slug: string, position: number): Promise<string> {
  const id = randomUUID();
  await store.db.insert(courses).values(
    aCertificationCourseRow(slug, position, { id, exam: { questionCount: 3, minutes: 30, passPercent: 70, retakeWaitHours: 24, topics: EXAM_TOPICS } }),
  );
  await store.db.insert(questions).values(
    BANK.map((question) => ({
      courseId: id,
      questionId: question.questionId,
      topic: question.topic,
      type: question.type,
      prompt: `${slug} ${question.questionId}`,
      choices: question.choices.map((correct, index) => ({ text: `選択肢${index + 1}`, correct })),
      explanation: '',
      contentHash: 'h',
    })),
  );
  return id;
}

export async function aLearner(store: Store, { hasProfile = true } = {}): Promise<string> {
  const id = randomUUID();
  await store.db.insert(users).values({ id, subject: `s-${id}`, hasProfile, hasAcceptedAgreements: true });
  return id;
}

export const metaOf = (userId: string, requestId = randomUUID()) => ({ actorId: userId, requestId, correlationId: requestId, causationId: null });

/** StartExamHandler wired as Nest wires it: the overdue sessions are finalised through the command bus first. */
export function startExamHandler(store: Store): StartExamHandler {
  const finaliser = new FinaliseOverdueExamsHandler(store.connection, store.eventStore, examSessionsOf(store));
  const commandBus = { execute: (command: Parameters<FinaliseOverdueExamsHandler['execute']>[0]) => finaliser.execute(command) } as unknown as CommandBus;
  return new StartExamHandler(store.eventStore, examSessionsOf(store), commandBus);
}

/** The repository the exam handlers load and save sessions with. */
export const examSessionsOf = (store: Store) => new ExamSessionRepository(store.connection, store.eventStore);

export const startExam = (handler: StartExamHandler, userId: string, slug: string) => handler.execute(new StartExamCommand(userId, slug, metaOf(userId)));

export const sessionRow = async (store: Store, id: string) => (await store.db.select().from(examSessions).where(eq(examSessions.id, id)))[0]!;

/** The session's stream: type and version of each event, oldest first. */
export const streamOf = async (store: Store, id: string) =>
  (await store.db.select({ type: events.type, version: events.version, data: events.data }).from(events).where(eq(events.streamId, id)).orderBy(events.seq));
