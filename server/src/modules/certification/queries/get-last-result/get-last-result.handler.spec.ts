import { randomUUID } from 'node:crypto';
import { courses } from '../../../catalogue/catalogue.schema';
import { examSessions } from '../../certification.schema';
import { users } from '../../../identity/identity.schema';
import { aCertificationCourseRow } from '../../../../testing/catalogue-rows';
import { openPgliteStore } from '../../../../testing/pglite-store';
import { GetLastResultHandler } from './get-last-result.handler';
import { GetLastResultQuery } from './get-last-result.query';

const COURSE_ID = randomUUID();
const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3_600_000);
const passed = { correct: 18, total: 20, percent: 90, passed: true, topics: [{ topic: 'basics', correct: 9, total: 10 }] };

describe('GetLastResultHandler (on PGlite)', () => {
  let store: Awaited<ReturnType<typeof openPgliteStore>>;
  let handler: GetLastResultHandler;

  async function learner() {
    const id = randomUUID();
    await store.db.insert(users).values({ id, subject: `s-${id}`, hasProfile: true, hasAcceptedAgreements: true });
    return id;
  }

  async function session(userId: string, status: 'running' | 'submitted' | 'expired' | 'graded', startedHoursAgo: number) {
    const id = randomUUID();
    const startedAt = hoursAgo(startedHoursAgo);
    await store.db.insert(examSessions).values({
      id,
      userId,
      courseId: COURSE_ID,
      status,
      questions: [],
      answers: {},
      startedAt,
      deadline: new Date(startedAt.getTime() + 30 * 60_000),
      ...(status === 'running' ? {} : { finishedAt: new Date(startedAt.getTime() + 20 * 60_000) }),
      ...(status === 'graded' ? { score: passed } : {}),
      streamVersion: 1,
    });
    return id;
  }

  const lastResult = (userId: string) => handler.execute(new GetLastResultQuery(userId, 'line-ads-basic'));

  beforeAll(async () => {
    store = await openPgliteStore();
    await store.db.insert(courses).values(
      aCertificationCourseRow('line-ads-basic', 1, {
        id: COURSE_ID,
        exam: { questionCount: 20, minutes: 30, passPercent: 70, retakeWaitHours: 24, topics: {}, topicNames: { basics: '基本' } },
      }),
    );
    handler = new GetLastResultHandler(store.connection);
  });
  afterAll(() => store.connection.close());

  it('answers NOT_FOUND before any attempt has ended', async () => {
    const userId = await learner();
    await session(userId, 'running', 0);
    await expect(lastResult(userId)).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  it('answers the latest graded attempt, with its topics named', async () => {
    const userId = await learner();
    const id = await session(userId, 'graded', 2);
    await expect(lastResult(userId)).resolves.toMatchObject({ examSessionId: id, passed: true, topics: [{ topic: 'basics', name: '基本' }] });
  });

  it.each(['submitted', 'expired'] as const)('answers RESULT_PENDING while the latest attempt is %s and not graded, not the older result', async (status) => {
    const userId = await learner();
    await session(userId, 'graded', 48);
    await session(userId, status, 1);
    await expect(lastResult(userId)).rejects.toMatchObject({ code: 'RESULT_PENDING', status: 404 });
  });

  it('answers RESULT_PENDING for a session overdue but not finalised yet (no read finalises), and the older result while its grace runs', async () => {
    const userId = await learner();
    await session(userId, 'graded', 48);
    // Started 31 minutes ago with 30 minutes: a minute past its deadline and grace, its row still running.
    await session(userId, 'running', 31 / 60);
    await expect(lastResult(userId)).rejects.toMatchObject({ code: 'RESULT_PENDING' });
    const other = await learner();
    const older = await session(other, 'graded', 48);
    // A second past its deadline: a submit on its way may still land.
    await session(other, 'running', (30 * 60 + 1) / 3600);
    await expect(lastResult(other)).resolves.toMatchObject({ examSessionId: older });
  });
});
