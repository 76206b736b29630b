import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { CommandBus } from '@nestjs/cqrs';
import type { StoredEvent } from '../../../database/event-store';
import { events } from '../../../database/events.schema';
import { courses } from '../../catalogue/catalogue.schema';
import { examSessions } from '../certification.schema';
import { users } from '../../identity/identity.schema';
import { aCertificationCourseRow } from '../../../testing/catalogue-rows';
import { openPgliteStore } from '../../../testing/pglite-store';
import { examFinalisationDue } from '../registrations';
import { FinaliseOverdueExamsCommand } from '../commands/finalise-overdue-exams/finalise-overdue-exams.command';
import { FinaliseOverdueExamsHandler } from '../commands/finalise-overdue-exams/finalise-overdue-exams.handler';
import { EXAM_SESSION_STREAM, ExamStarted } from '../events';
import { ExamSessionRepository } from '../exam-session.repository';
import { FinaliseExamWhenDeadlinePassedHandler } from './finalise-exam-when-deadline-passed.handler';

const COURSE_ID = randomUUID();
const minutesFromNow = (minutes: number) => new Date(Date.now() + minutes * 60_000);

describe('FinaliseExamWhenDeadlinePassedHandler (on PGlite, the embedded default)', () => {
  let store: Awaited<ReturnType<typeof openPgliteStore>>;
  let handler: FinaliseExamWhenDeadlinePassedHandler;
  let finaliser: FinaliseOverdueExamsHandler;
  let sweepsStarted = 0;

  /** A learner's running session with its ExamStarted event, as StartExamHandler leaves them. */
  async function runningSession(deadline: Date, answers: Record<string, string[]> = {}, userId = randomUUID()): Promise<StoredEvent> {
    const id = randomUUID();
    await store.db.insert(users).values({ id: userId, subject: `s-${userId}`, hasProfile: true, hasAcceptedAgreements: true }).onConflictDoNothing();
    const correlationId = `request-${id}`;
    const [started] = await store.eventStore.commit({ actorId: userId, requestId: correlationId, correlationId, causationId: null }, async ({ tx, append }) => {
      const stored = await append({ streamType: EXAM_SESSION_STREAM, streamId: id, expectedVersion: 0 }, [
        new ExamStarted({ userId, courseId: COURSE_ID, courseSlug: 'line-ads-basic', startedAt: new Date().toISOString(), deadline: deadline.toISOString(), questionIds: [] }),
      ]);
      await tx.insert(examSessions).values({ id, userId, courseId: COURSE_ID, status: 'running', questions: [], answers, startedAt: new Date(), deadline, streamVersion: 1 });
      return stored;
    });
    return started!;
  }

  const statusOf = async (id: string) => (await store.db.select({ status: examSessions.status, finishedAt: examSessions.finishedAt }).from(examSessions).where(eq(examSessions.id, id)))[0];

  beforeAll(async () => {
    store = await openPgliteStore();
    await store.db.insert(courses).values(
      aCertificationCourseRow('line-ads-basic', 1, { id: COURSE_ID, exam: { questionCount: 0, minutes: 30, passPercent: 70, retakeWaitHours: 24, topics: {} } }),
    );
    finaliser = new FinaliseOverdueExamsHandler(store.connection, store.eventStore, new ExamSessionRepository(store.connection, store.eventStore));
    const commandBus = {
      execute: (command: FinaliseOverdueExamsCommand) => {
        sweepsStarted += 1;
        return finaliser.execute(command);
      },
    } as unknown as CommandBus;
    handler = new FinaliseExamWhenDeadlinePassedHandler(store.connection, commandBus);
  });
  afterAll(() => store.connection.close());

  it('closes every overdue session in one go, each at its deadline and traced to its own start, and leaves the others running', async () => {
    const mine = await runningSession(minutesFromNow(-1), { q1: ['c1'], q2: ['c2'] });
    const another = await runningSession(minutesFromNow(-2));
    const notYet = await runningSession(minutesFromNow(30));

    await handler.handle(mine);

    for (const started of [mine, another]) {
      const session = await statusOf(started.streamId);
      expect(session?.status).toBe('expired');
      expect(session?.finishedAt?.toISOString()).toBe((started.data as { deadline: string }).deadline);
      const [expired] = await store.db.select().from(events).where(eq(events.streamId, started.streamId)).orderBy(events.seq).offset(1);
      expect(expired).toMatchObject({ type: 'ExamExpired', version: 2, meta: { correlationId: started.meta.correlationId, causationId: started.id } });
    }
    const [mineExpired] = await store.db.select().from(events).where(eq(events.streamId, mine.streamId)).offset(1);
    // Whose open exam page the relay tells (`exam.timeUp`) rides in the event.
    const mineData = mine.data as { deadline: string; userId: string };
    expect(mineExpired!.data).toEqual({ finishedAt: mineData.deadline, answeredCount: 2, userId: mineData.userId, courseSlug: 'line-ads-basic' });
    expect((await statusOf(notYet.streamId))?.status).toBe('running');

    // The other session's own job comes later and finds nothing to do.
    await handler.handle(another);
    expect(await store.db.select().from(events).where(eq(events.type, 'ExamExpired'))).toHaveLength(2);
  });

  it('closes a storm of sessions whose jobs come due together, each once', async () => {
    const storm = await Promise.all(Array.from({ length: 6 }, () => runningSession(minutesFromNow(-1))));
    await Promise.all(storm.map((started) => handler.handle(started)));
    for (const started of storm) {
      expect((await statusOf(started.streamId))?.status).toBe('expired');
      expect(await store.db.select().from(events).where(and(eq(events.streamId, started.streamId), eq(events.type, 'ExamExpired')))).toHaveLength(1);
    }
  });

  it('closes a storm of sessions with one sweep: the jobs due by the time it began join it', async () => {
    const storm = await Promise.all(Array.from({ length: 5 }, () => runningSession(minutesFromNow(-1))));
    sweepsStarted = 0;
    await Promise.all(storm.map((started) => handler.handle(started)));
    expect(sweepsStarted).toBe(1);
    for (const started of storm) expect((await statusOf(started.streamId))?.status).toBe('expired');
  });

  it('waits for the due moment when released early, then closes the session', async () => {
    const dueIn = 300;
    // Due = deadline + grace + a second of slack (6 s), here 300 ms from now.
    const released = await runningSession(new Date(Date.now() - 6_000 + dueIn));
    const due = examFinalisationDue(released.data)!;
    const handled = handler.handle(released);
    await new Promise((resolve) => setTimeout(resolve, dueIn / 3));
    expect((await statusOf(released.streamId))?.status).toBe('running');
    await handled;
    expect(Date.now()).toBeGreaterThanOrEqual(due);
    expect((await statusOf(released.streamId))?.status).toBe('expired');
  });

  it('fails while its session is still open, so the job is tried again', async () => {
    const early = await runningSession(minutesFromNow(10));
    await expect(handler.handle(early)).rejects.toThrow('still open');
    expect((await statusOf(early.streamId))?.status).toBe('running');
  });

  it("closes one learner's overdue session when their request comes first; the job then finds nothing to do", async () => {
    const userId = randomUUID();
    const overdue = await runningSession(minutesFromNow(-1), { q1: ['c1'] }, userId);
    const someoneElse = await runningSession(minutesFromNow(-1));
    const meta = { actorId: userId, requestId: 'request-read', correlationId: 'request-read', causationId: null };

    const closed = await finaliser.execute(new FinaliseOverdueExamsCommand(meta, userId));

    expect(closed).toEqual([{ userId, examSessionId: overdue.streamId, courseSlug: 'line-ads-basic' }]);
    expect((await statusOf(overdue.streamId))?.status).toBe('expired');
    expect((await statusOf(someoneElse.streamId))?.status).toBe('running');
    // A second read, and the session's own job, change nothing.
    expect(await finaliser.execute(new FinaliseOverdueExamsCommand(meta, userId))).toEqual([]);
    const before = (await store.db.select().from(events).where(eq(events.type, 'ExamExpired'))).length;
    await handler.handle(overdue);
    expect(await store.db.select().from(events).where(eq(events.streamId, overdue.streamId))).toHaveLength(2);
    expect((await store.db.select().from(events).where(eq(events.type, 'ExamExpired'))).length).toBe(before);
    await handler.handle(someoneElse);
  });

  it("expires a session the same way whether the storm statement or the learner's own request closes it", async () => {
    const deadline = minutesFromNow(-3);
    const answers = { q1: ['c1'], q2: ['c2'] };
    const learner = randomUUID();
    const [byStorm, byRequest] = [await runningSession(deadline, answers), await runningSession(deadline, answers, learner)];
    await finaliser.execute(new FinaliseOverdueExamsCommand({ actorId: learner, requestId: 'r', correlationId: 'r', causationId: null }, learner));
    await handler.handle(byStorm);
    const outcome = async (started: StoredEvent) => {
      const [expired] = await store.db.select().from(events).where(eq(events.streamId, started.streamId)).orderBy(events.seq).offset(1);
      const { userId, ...data } = expired!.data as { userId: string };
      expect(userId).toBe((started.data as { userId: string }).userId);
      return { type: expired!.type, version: expired!.version, data, session: await statusOf(started.streamId) };
    };
    expect(await outcome(byRequest)).toEqual(await outcome(byStorm));
    expect((await outcome(byStorm)).session).toEqual({ status: 'expired', finishedAt: deadline });
  });

  it('leaves a session within its deadline and grace running when its learner reads it', async () => {
    const userId = randomUUID();
    const graceLeft = await runningSession(new Date(Date.now() - 2_000), {}, userId);
    const meta = { actorId: userId, requestId: 'r', correlationId: 'r', causationId: null };
    expect(await finaliser.execute(new FinaliseOverdueExamsCommand(meta, userId))).toEqual([]);
    expect((await statusOf(graceLeft.streamId))?.status).toBe('running');
  });
});
