import type { Reply } from './support/browser-like-client';
import { type DrillCampus, type DrillLearner, sleep, startDrillCampus, waitUntil } from './support/drill-campus';
import { freePort } from './support/free-port';
import { type PrivatePostgres, type PrivateRedis, startPrivatePostgres, startPrivateRedis } from './support/private-services';

/** How long PostgreSQL stays down: the issue's 20 s. */
const OUTAGE_MS = 20_000;
/** The Redis outage of the second test. */
const REDIS_OUTAGE_MS = 10_000;
const SLUG = 'line-ads-basic';
const SUBMITTERS = 4;
const ANSWERERS = 4;
/** Answers each answerer has saved (200) before the stop. */
const ANSWERED_BEFORE_STOP = 3;

const SERVICE_UNAVAILABLE = { message: 'ただいまサービスを利用できません。時間をおいて再度お試しください', status: 503, code: 'SERVICE_UNAVAILABLE' };

/**
 * Drill R4 (issue 19): PostgreSQL, a private cluster of this spec, is stopped for 20 s while learners
 * answer. The API and the worker are separate OS processes as in production; Redis is private too.
 */
describe('drill R4: PostgreSQL stopped while learners are answering', () => {
  let postgres: PrivatePostgres;
  let redis: PrivateRedis;
  let campus: DrillCampus;
  let workerHealthPort: number;

  beforeAll(async () => {
    [postgres, redis, workerHealthPort] = await Promise.all([startPrivatePostgres(), startPrivateRedis(), freePort()]);
    campus = await startDrillCampus({ databaseUrl: postgres.url, redisUrl: redis.url, workerEnv: { WORKER_HEALTH_PORT: String(workerHealthPort) } });
  }, 180_000);

  afterAll(async () => {
    await campus?.stop();
    await redis?.stop();
    await postgres?.destroy();
  });

  const alive = () => campus.api.process.exitCode === null && campus.api.process.signalCode === null && campus.worker.process.exitCode === null && campus.worker.process.signalCode === null;
  /** Status 0: nothing answered (the process is gone). */
  const get = async (url: string): Promise<{ status: number; body: { status?: string; down?: string[] } }> => {
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(5_000) });
      return { status: response.status, body: (await response.json()) as { status: string; down?: string[] } };
    } catch {
      return { status: 0, body: {} };
    }
  };
  const ready = () => get(`http://127.0.0.1:${campus.config.port}/api/ready`);
  const workerHealth = () => get(`http://127.0.0.1:${workerHealthPort}/health`);
  const count = async (query: string, params: unknown[]) => (await campus.database.query(query, params)).rows[0].n as number;

  it('answers clear 503 envelopes (never 500), keeps API and worker alive, keeps what was acknowledged, and processes it all after the restart', async () => {
    const submitters = await campus.learners(SUBMITTERS, 'r4-submit-');
    const answerers = await campus.learners(ANSWERERS, 'r4-answer-');
    const exams = new Map<DrillLearner, Awaited<ReturnType<DrillCampus['startExam']>>>();
    for (const learner of [...submitters, ...answerers]) exams.set(learner, await campus.startExam(learner, SLUG));
    const statuses = new Map<number, number>();
    const refusals: unknown[] = [];
    /** Per answerer session: question → the choices the API acknowledged (200). */
    const acknowledged = new Map<string, Map<string, string[]>>();
    /** Per answerer session: answers not acknowledged yet, which the client keeps and sends again. */
    const unsent = new Map<string, Map<string, string[]>>();
    const record = (reply: Reply) => {
      statuses.set(reply.status, (statuses.get(reply.status) ?? 0) + 1);
      if (reply.status !== 200) refusals.push(reply.json());
    };
    const saveAnswer = async (learner: DrillLearner, questionId: string, choiceIds: string[]) => {
      const { examSessionId } = exams.get(learner)!;
      const reply: Reply | null = await learner.client.xhr('PUT', `/api/v1/exam-sessions/${examSessionId}/answers/${questionId}`, { choiceIds }).catch(() => null);
      if (!reply) {
        // No answer at all: the API process is gone.
        statuses.set(0, (statuses.get(0) ?? 0) + 1);
        unsent.get(examSessionId)!.set(questionId, choiceIds);
        return 0;
      }
      record(reply);
      if (reply.status === 200) {
        acknowledged.get(examSessionId)!.set(questionId, choiceIds);
        unsent.get(examSessionId)!.delete(questionId);
      } else {
        unsent.get(examSessionId)!.set(questionId, choiceIds);
      }
      return reply.status;
    };

    // Before the stop: the answerers save their first answers; the submitters send theirs and submit.
    for (const learner of answerers) {
      const { examSessionId, questionIds, right } = exams.get(learner)!;
      acknowledged.set(examSessionId, new Map());
      unsent.set(examSessionId, new Map());
      for (const questionId of questionIds.slice(0, ANSWERED_BEFORE_STOP)) expect(await saveAnswer(learner, questionId, right[questionId]!)).toBe(200);
    }
    const submitted = await Promise.all(
      submitters.map(async (learner) => {
        const { examSessionId, right } = exams.get(learner)!;
        return (await learner.client.xhr('POST', `/api/v1/exam-sessions/${examSessionId}/submit`, { answers: right })).status;
      }),
    );
    expect(submitted).toEqual(Array(SUBMITTERS).fill(200));

    // PostgreSQL stops right after the submits were acknowledged: their grading is still on its way.
    const stoppedAt = Date.now();
    await postgres.stop();
    let answering = true;
    const answerLoops = answerers.map(async (learner) => {
      const { questionIds, right } = exams.get(learner)!;
      for (let index = ANSWERED_BEFORE_STOP; answering; index += 1) {
        const questionId = questionIds[ANSWERED_BEFORE_STOP + ((index - ANSWERED_BEFORE_STOP) % (questionIds.length - ANSWERED_BEFORE_STOP))]!;
        await saveAnswer(learner, questionId, right[questionId]!);
        await sleep(250);
      }
    });
    const readiness: { at: number; status: number; said?: string }[] = [];
    const workerReports: { status: number; down?: string[] }[] = [];
    let processesAlways = true;
    let liveness = true;
    let outageMs: number;
    let recoveredMs: number;
    let restartedAt: number;
    try {
      while (Date.now() - stoppedAt < OUTAGE_MS) {
        const [readyReply, workerReply, health] = await Promise.all([ready(), workerHealth(), get(`http://127.0.0.1:${campus.config.port}/api/health`)]);
        readiness.push({ at: Date.now(), status: readyReply.status, said: readyReply.body.status });
        workerReports.push({ status: workerReply.status, down: workerReply.body.down });
        liveness &&= health.status === 200;
        processesAlways &&= alive();
        await sleep(500);
      }
      outageMs = Date.now() - stoppedAt;
      if (!processesAlways) throw new Error(`a process died while PostgreSQL was down:\n[api] ${campus.api.output().slice(-800)}\n[worker] ${campus.worker.output().slice(-800)}`);

      restartedAt = Date.now();
      await postgres.start();
      await waitUntil('/api/ready to answer 200 again', async () => {
        const reply = await ready();
        readiness.push({ at: Date.now(), status: reply.status, said: reply.body.status });
        return reply.status === 200;
      }, 60_000, 100);
      recoveredMs = Date.now() - restartedAt;
      await waitUntil('the worker to report healthy', async () => (await workerHealth()).status === 200, 60_000, 100);
    } finally {
      answering = false;
      await Promise.all(answerLoops);
    }
    processesAlways &&= alive();

    // The client sends what was refused again (it keeps unsent answers), then submits.
    for (const learner of answerers) {
      const { examSessionId } = exams.get(learner)!;
      for (const [questionId, choiceIds] of [...unsent.get(examSessionId)!]) expect(await saveAnswer(learner, questionId, choiceIds)).toBe(200);
      expect((await learner.client.xhr('POST', `/api/v1/exam-sessions/${examSessionId}/submit`, {})).status).toBe(200);
    }

    const ids = [...exams.values()].map((exam) => exam.examSessionId);
    await waitUntil('every session graded', async () => (await count(`select count(*)::int as n from exam_sessions where id = any($1) and status = 'graded'`, [ids])) === ids.length, 60_000);
    await waitUntil('every certificate', async () => (await count(`select count(*)::int as n from certificates where exam_session_id = any($1)`, [ids])) === ids.length, 60_000);
    const doneMs = Date.now() - restartedAt;

    const gradedAfterStop = await count(
      `select count(*)::int as n from events where stream_id = any($1) and type = 'ExamGraded' and occurred_at >= to_timestamp($2::double precision / 1000)`,
      [submitters.map((learner) => exams.get(learner)!.examSessionId), stoppedAt],
    );
    const refused = statuses.get(503) ?? 0;
    const failed = [...statuses].filter(([status]) => status >= 500 && status !== 503).reduce((sum, [, n]) => sum + n, 0);
    const degraded = readiness.filter((probe) => probe.status === 503);
    console.log(
      `R4: PostgreSQL stopped ${(outageMs / 1000).toFixed(1)} s; answers during the drill: ${[...statuses].map(([status, n]) => `${status}×${n}`).join(', ')} ` +
        `(503 answers ${refused}, 500 answers ${failed}); /api/ready 503 ${degraded.length} times then 200, 200 again ${(recoveredMs / 1000).toFixed(1)} s after pg_ctl start; ${gradedAfterStop} of ${SUBMITTERS} submits acknowledged before the stop were graded after it; ` +
        `worker health degraded ${workerReports.filter((report) => report.status === 503).length} times; all ${ids.length} sessions graded and certified ${(doneMs / 1000).toFixed(1)} s after the restart; API and worker alive throughout: ${processesAlways}`,
    );

    // Clear 503 envelopes, never a 500; both processes lived through it.
    expect(failed).toBe(0);
    expect(refused).toBeGreaterThan(0);
    expect([...new Set(refusals.map((body) => JSON.stringify(body)))]).toEqual([JSON.stringify(SERVICE_UNAVAILABLE)]);
    expect(processesAlways).toBe(true);
    expect(liveness).toBe(true);
    // Readiness said not ready (naming nothing: it is public), the worker's internal health said which
    // dependency was away, and both came back by themselves.
    expect(degraded.length).toBeGreaterThan(0);
    expect(degraded.every((probe) => probe.said === 'not ready')).toBe(true);
    expect(readiness.at(-1)!.status).toBe(200);
    expect(workerReports.filter((report) => report.status === 503).every((report) => report.down?.join() === 'database')).toBe(true);
    expect(workerReports.some((report) => report.status === 503)).toBe(true);

    // Everything acknowledged was kept: the answers saved before the stop, and every one saved after.
    for (const learner of answerers) {
      const { examSessionId } = exams.get(learner)!;
      const { rows } = await campus.database.query('select answers from exam_sessions where id = $1', [examSessionId]);
      expect(rows[0].answers).toEqual(Object.fromEntries(acknowledged.get(examSessionId)!));
    }
    // The submits acknowledged just before the stop were graded, each once, with no manual step.
    const perSession = async (type: string) =>
      (await campus.database.query(`select stream_id, count(*)::int as n from events where stream_id = any($1) and type = $2 group by stream_id`, [ids, type])).rows.map((row) => row.n);
    expect(await perSession('ExamSubmitted')).toEqual(Array(ids.length).fill(1));
    expect(await perSession('ExamGraded')).toEqual(Array(ids.length).fill(1));
    expect(await count(`select count(*)::int as n from certificates where exam_session_id = any($1)`, [ids])).toBe(SUBMITTERS + ANSWERERS);
  }, 240_000);

  it('outlives a Redis outage as well: readiness says not ready, worker health names Redis, both processes live, a submit acknowledged meanwhile is graded after', async () => {
    const [learner] = await campus.learners(1, 'r4-redis-');
    const { examSessionId, right } = await campus.startExam(learner!, SLUG);
    const killedAt = Date.now();
    await redis.kill();
    // PostgreSQL holds the submit; the relay waits for Redis to enqueue its grading.
    expect((await learner!.client.xhr('POST', `/api/v1/exam-sessions/${examSessionId}/submit`, { answers: right })).status).toBe(200);
    let readySaid: string | undefined;
    let workerDown: string[] | undefined;
    let processesAlways = true;
    while (Date.now() - killedAt < REDIS_OUTAGE_MS) {
      const [readyReply, workerReply] = await Promise.all([ready(), workerHealth()]);
      if (readyReply.status === 503) readySaid = readyReply.body.status;
      if (workerReply.status === 503) workerDown = workerReply.body.down;
      processesAlways &&= alive();
      await sleep(500);
    }
    const restartedAt = Date.now();
    await redis.start();
    await waitUntil('/api/ready to answer 200 again', async () => (await ready()).status === 200, 60_000, 100);
    const recoveredMs = Date.now() - restartedAt;
    await waitUntil('the worker to report healthy', async () => (await workerHealth()).status === 200, 60_000, 100);
    await waitUntil('the submit graded', async () => (await count(`select count(*)::int as n from exam_sessions where id = $1 and status = 'graded'`, [examSessionId])) === 1, 60_000);
    const gradedMs = Date.now() - restartedAt;
    processesAlways &&= alive();
    console.log(
      `R4 (Redis): Redis killed ${(REDIS_OUTAGE_MS / 1000).toFixed(0)} s (no persistence); readiness ${readySaid}, worker health down ${workerDown?.join()}; ` +
        `/api/ready 200 again ${(recoveredMs / 1000).toFixed(1)} s after Redis restarted; the submit acknowledged during the outage graded ${(gradedMs / 1000).toFixed(1)} s after; API and worker alive throughout: ${processesAlways}`,
    );
    expect(processesAlways).toBe(true);
    expect(readySaid).toBe('not ready');
    expect(workerDown).toEqual(['redis']);
    expect(await count(`select count(*)::int as n from events where stream_id = $1 and type = 'ExamGraded'`, [examSessionId])).toBe(1);
  }, 120_000);
});
