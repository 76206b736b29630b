import { eq } from 'drizzle-orm';
import { badges, examSessions } from '../../certification.schema';
import { aCourseWithBank, aLearner, EXAM_TOPICS, sessionRow, startExam, startExamHandler, streamOf } from '../../../../testing/exam-fixtures';
import { openPgliteStore } from '../../../../testing/pglite-store';
import type { StartExamHandler } from './start-exam.handler';

const HOUR = 3_600_000;

describe('StartExamHandler (on PGlite)', () => {
  let store: Awaited<ReturnType<typeof openPgliteStore>>;
  let handler: StartExamHandler;
  let basicId: string;

  /** A finished attempt of line-ads-basic, as grading or the finaliser leaves it. */
  async function finishedAttempt(userId: string, finishedHoursAgo: number, passed: boolean) {
    const { examSessionId } = await startExam(handler, userId, 'line-ads-basic');
    const finishedAt = new Date(Date.now() - finishedHoursAgo * HOUR);
    await store.db
      .update(examSessions)
      .set({ status: 'graded', passed, finishedAt, startedAt: new Date(finishedAt.getTime() - 10 * 60_000) })
      .where(eq(examSessions.id, examSessionId));
  }

  beforeAll(async () => {
    store = await openPgliteStore();
    basicId = await aCourseWithBank(store, 'line-ads-basic', 1);
    await aCourseWithBank(store, 'line-ads-advanced', 2);
    await aCourseWithBank(store, 'line-official-account-basic', 3);
    handler = startExamHandler(store);
  });
  afterAll(() => store.connection.close());

  it("freezes each topic's count of questions with session choice ids, fixes the deadline and records ExamStarted", async () => {
    const userId = await aLearner(store);
    const before = Date.now();
    const started = await startExam(handler, userId, 'line-ads-basic');

    expect(started.resumed).toBe(false);
    const deadline = Date.parse(started.deadline);
    expect(deadline - before).toBeGreaterThanOrEqual(30 * 60_000);
    expect(deadline - Date.now()).toBeLessThanOrEqual(30 * 60_000);
    const row = await sessionRow(store, started.examSessionId);
    expect(row).toMatchObject({ userId, courseId: basicId, status: 'running', answers: {}, streamVersion: 1 });
    expect(row.deadline.toISOString()).toBe(started.deadline);
    const perTopic = row.questions.reduce<Record<string, number>>((counts, question) => ({ ...counts, [question.topic]: (counts[question.topic] ?? 0) + 1 }), {});
    expect(perTopic).toEqual(EXAM_TOPICS);
    const choiceIds = row.questions.flatMap((question) => question.choices.map((choice) => choice.choiceId));
    expect(new Set(choiceIds).size).toBe(choiceIds.length);
    expect(choiceIds.filter((choiceId) => /^c\d+$/.test(choiceId))).toEqual([]);
    expect(await streamOf(store, started.examSessionId)).toEqual([
      {
        type: 'ExamStarted',
        version: 1,
        data: expect.objectContaining({ userId, courseSlug: 'line-ads-basic', deadline: started.deadline, questionIds: row.questions.map((question) => question.questionId) }),
      },
    ]);
  });

  it('refuses a learner without a profile: PROFILE_REQUIRED, nothing written', async () => {
    const userId = await aLearner(store, { hasProfile: false });
    await expect(startExam(handler, userId, 'line-ads-basic')).rejects.toMatchObject({
      code: 'PROFILE_REQUIRED',
      status: 400,
      message: '認定試験を受験するには、プロフィールの登録が必要です。',
    });
    expect(await store.db.select().from(examSessions).where(eq(examSessions.userId, userId))).toEqual([]);
  });

  it('refuses Advanced without an unexpired Basic badge (BASIC_REQUIRED), and starts it with one', async () => {
    const userId = await aLearner(store);
    const refused = { code: 'BASIC_REQUIRED', status: 400, message: 'Advanced の認定試験を受験するには、Basic の取得が必要です。' };
    await expect(startExam(handler, userId, 'line-ads-advanced')).rejects.toMatchObject(refused);

    await store.db.insert(badges).values({ userId, courseId: basicId, awardedAt: new Date(Date.now() - 400 * 24 * HOUR), expiresAt: new Date(Date.now() - HOUR) });
    await expect(startExam(handler, userId, 'line-ads-advanced')).rejects.toMatchObject(refused);

    await store.db.update(badges).set({ expiresAt: new Date(Date.now() + 24 * HOUR) }).where(eq(badges.userId, userId));
    await expect(startExam(handler, userId, 'line-ads-advanced')).resolves.toMatchObject({ resumed: false });
  });

  it('refuses a retake within the wait after a failed attempt (EXAM_COOLDOWN, the Tokyo time it opens), not after a pass or the wait', async () => {
    const failedRecently = await aLearner(store);
    await finishedAttempt(failedRecently, 1, false);
    const opensAt = new Date(Date.now() + 23 * HOUR);
    const tokyo = new Intl.DateTimeFormat('ja-JP', { timeZone: 'Asia/Tokyo', year: 'numeric', month: 'long', day: 'numeric', hour: '2-digit', minute: '2-digit' });
    const refusal = startExam(handler, failedRecently, 'line-ads-basic');
    await expect(refusal).rejects.toMatchObject({ code: 'EXAM_COOLDOWN', status: 400 });
    // Within the same minute as one hour ago + 24 h (the test may straddle a minute).
    const message = await refusal.catch((error: Error) => error.message);
    expect([tokyo.format(opensAt), tokyo.format(new Date(opensAt.getTime() - 60_000))].map((at) => `次の受験は ${at} から可能です。`)).toContain(message);

    const passedRecently = await aLearner(store);
    await finishedAttempt(passedRecently, 1, true);
    await expect(startExam(handler, passedRecently, 'line-ads-basic')).resolves.toMatchObject({ resumed: false });

    const failedLongAgo = await aLearner(store);
    await finishedAttempt(failedLongAgo, 25, false);
    await expect(startExam(handler, failedLongAgo, 'line-ads-basic')).resolves.toMatchObject({ resumed: false });
  });

  it('refuses a valid badge until its renewal window (BADGE_HELD, the expiry and when 更新受験 opens), and starts the renewal within it or after expiry', async () => {
    const userId = await aLearner(store);
    const expiresAt = new Date(Date.now() + 45 * 24 * HOUR);
    await store.db.insert(badges).values({ userId, courseId: basicId, awardedAt: new Date(Date.now() - 300 * 24 * HOUR), expiresAt });
    const day = new Intl.DateTimeFormat('ja-JP', { timeZone: 'Asia/Tokyo', year: 'numeric', month: 'long', day: 'numeric' });
    const minute = new Intl.DateTimeFormat('ja-JP', { timeZone: 'Asia/Tokyo', year: 'numeric', month: 'long', day: 'numeric', hour: '2-digit', minute: '2-digit' });
    await expect(startExam(handler, userId, 'line-ads-basic')).rejects.toMatchObject({
      code: 'BADGE_HELD',
      status: 400,
      message: `このスキルバッジは取得済みです（有効期限：${day.format(expiresAt)}）。更新受験は ${minute.format(new Date(expiresAt.getTime() - 30 * 24 * HOUR))} から可能です。`,
    });
    expect(await store.db.select().from(examSessions).where(eq(examSessions.userId, userId))).toEqual([]);

    await store.db.update(badges).set({ expiresAt: new Date(Date.now() + 29 * 24 * HOUR) }).where(eq(badges.userId, userId));
    await expect(startExam(handler, userId, 'line-ads-basic')).resolves.toMatchObject({ resumed: false });

    const lapsed = await aLearner(store);
    await store.db.insert(badges).values({ userId: lapsed, courseId: basicId, awardedAt: new Date(Date.now() - 400 * 24 * HOUR), expiresAt: new Date(Date.now() - HOUR) });
    await expect(startExam(handler, lapsed, 'line-ads-basic')).resolves.toMatchObject({ resumed: false });
  });

  it('hands the running session of the same course back (resumed), and refuses another course meanwhile', async () => {
    const userId = await aLearner(store);
    const first = await startExam(handler, userId, 'line-ads-basic');
    const again = await startExam(handler, userId, 'line-ads-basic');

    expect(again).toEqual({ examSessionId: first.examSessionId, deadline: first.deadline, resumed: true });
    expect(await streamOf(store, first.examSessionId)).toHaveLength(1);
    await expect(startExam(handler, userId, 'line-official-account-basic')).rejects.toMatchObject({ code: 'EXAM_IN_PROGRESS', status: 400 });
    expect(await store.db.select().from(examSessions).where(eq(examSessions.userId, userId))).toHaveLength(1);
  });

  it('finalises an overdue session first, so it no longer holds the learner back', async () => {
    const userId = await aLearner(store);
    const old = await startExam(handler, userId, 'line-official-account-basic');
    await store.db.update(examSessions).set({ deadline: new Date(Date.now() - 60_000) }).where(eq(examSessions.id, old.examSessionId));

    await expect(startExam(handler, userId, 'line-ads-basic')).resolves.toMatchObject({ resumed: false });
    expect((await sessionRow(store, old.examSessionId)).status).toBe('expired');
  });

  it('resumes, not fails, when two starts race: both get the one session', async () => {
    const userId = await aLearner(store);
    const [one, other] = await Promise.all([startExam(handler, userId, 'line-ads-basic'), startExam(handler, userId, 'line-ads-basic')]);
    expect(other.examSessionId).toBe(one.examSessionId);
    expect([one.resumed, other.resumed].sort()).toEqual([false, true]);
  });

  it('resumes when its own insert loses the race on the one-running-session index', async () => {
    const userId = await aLearner(store);
    let winner: string | undefined;
    // The other tab's start commits between this start's read and its insert: this one's commit hits the index.
    const commit = jest.spyOn(store.eventStore, 'commit').mockImplementationOnce(async () => {
      winner = (await startExam(handler, userId, 'line-ads-basic')).examSessionId;
      throw Object.assign(new Error('duplicate key value violates unique constraint'), { code: '23505', constraint: 'exam_sessions_one_running_key' });
    });
    try {
      const started = await startExam(handler, userId, 'line-ads-basic');
      expect(started).toMatchObject({ examSessionId: winner, resumed: true });
      expect(commit).toHaveBeenCalledTimes(3);
    } finally {
      commit.mockRestore();
    }
  });

  it('answers NOT_FOUND for a slug that is no certification course, LOGIN_REQUIRED for an unknown user', async () => {
    const userId = await aLearner(store);
    await expect(startExam(handler, userId, 'line-ads-expert')).rejects.toMatchObject({ code: 'NOT_FOUND', status: 404 });
    await expect(startExam(handler, '00000000-0000-4000-8000-000000000000', 'line-ads-basic')).rejects.toMatchObject({ code: 'LOGIN_REQUIRED', status: 401 });
  });
});
