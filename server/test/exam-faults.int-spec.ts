import { randomUUID } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { Pool } from 'pg';
import { SessionStore } from '../src/modules/identity/session-store';
import { CAMPUS_QUEUE } from '../src/jobs/job-queue';
import { BrowserLikeClient } from './support/browser-like-client';
import { startCampus } from './support/campus-harness';
import { importDemoPack } from './support/demo-content';
import { spawnWorkerProcess, type WorkerProcess } from './support/worker-process';
import { rightAnswersOf } from './support/exam-answers';
import { insertReadyLearner } from './support/ready-learner';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Keys that would tell a learner which choice is right, wherever they appear in a response. */
const ANSWER_KEYS = ['correct', 'isCorrect', 'correctChoiceIds', 'answer', 'answerKey', 'explanation', 'topic', 'topics'];

/** Every key of a JSON value with its path, e.g. `questions.3.choices.0.choiceId`. */
function keyPaths(value: unknown, at = ''): { key: string; path: string; value: unknown }[] {
  if (Array.isArray(value)) return value.flatMap((item, index) => keyPaths(item, `${at}${index}.`));
  if (value === null || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([key, inner]) => [{ key, path: `${at}${key}`, value: inner }, ...keyPaths(inner, `${at}${key}.`)]);
}

/** The answer-revealing keys of a response; a result may count right answers (numbers) per exam and per topic. */
function answerLeaks(body: unknown, allow: (entry: { key: string; path: string; value: unknown }) => boolean = () => false): string[] {
  return keyPaths(body)
    .filter((entry) => ANSWER_KEYS.includes(entry.key) && !allow(entry))
    .map((entry) => entry.path);
}

/** Choices carry their id and text, nothing else. */
function choiceShapes(body: { questions?: { choices: object[] }[] }): string[] {
  return [...new Set((body.questions ?? []).flatMap((question) => question.choices.map((choice) => Object.keys(choice).sort().join(','))))];
}

const resultAllows = ({ key, path: at, value }: { key: string; path: string; value: unknown }) =>
  (key === 'correct' && typeof value === 'number') || (key === 'topics' && at === 'topics') || (key === 'topic' && /^topics\.\d+\.topic$/.test(at));

describe('exam faults: simultaneous submits, no browser, a killed worker, no answer in any response', () => {
  const mediaDir = mkdtempSync(path.join(tmpdir(), 'campus-media-'));
  let campus: Awaited<ReturnType<typeof startCampus>>;
  // A pool: the spec sends its own queries side by side (one pg client runs one at a time).
  let database: Pool;
  let redis: Redis;
  let queue: Queue;
  let worker: WorkerProcess | undefined;

  /** A learner with a profile and accepted terms, logged in by a session made the way the login makes it. */
  const newLearner = async (label: string) => {
    const id = randomUUID();
    await insertReadyLearner(database, { id, subject: `fault-${id}`, firstName: `太郎${label}`, email: `${label}@example.com` }, campus.api.config.termsVersion);
    const token = await campus.api.app.get(SessionStore).create(id, null);
    const client = new BrowserLikeClient(campus.api.origin);
    await client.jar.setCookie(`${campus.api.config.session.cookieName}=${token}; Path=/`, campus.api.origin);
    return { id, client };
  };
  const start = async (client: BrowserLikeClient, slug: string): Promise<string> => {
    const reply = await client.xhr('POST', `/api/v1/certification-courses/${slug}/exam/start/`);
    expect(reply.status).toBe(200);
    return reply.json().examSessionId;
  };
  const rightAnswers = (id: string) => rightAnswersOf(database, id);
  const countEvents = async (streamIds: string[], type: string): Promise<Map<string, number>> => {
    const { rows } = await database.query(`select stream_id, count(*)::int as n from events where stream_id = any($1) and type = $2 group by stream_id`, [streamIds, type]);
    return new Map(rows.map((row: { stream_id: string; n: number }) => [row.stream_id, row.n]));
  };
  const waitUntil = async (what: string, check: () => Promise<boolean>, timeoutMs = 30_000) => {
    for (const until = Date.now() + timeoutMs; Date.now() < until; await sleep(100)) if (await check()) return;
    throw new Error(`timed out waiting for ${what}`);
  };
  const allGraded = (ids: string[]) => async () =>
    (await database.query(`select count(*)::int as n from exam_sessions where id = any($1) and status = 'graded'`, [ids])).rows[0].n === ids.length;

  beforeAll(async () => {
    campus = await startCampus({ mediaDir });
    await importDemoPack(campus.database.url, mediaDir);
    database = new Pool({ connectionString: campus.database.url, max: 4 });
    redis = new Redis(campus.api.config.redis.url, { maxRetriesPerRequest: null });
    queue = new Queue(CAMPUS_QUEUE, { connection: redis, prefix: `${campus.redisPrefix}:bull` });
    worker = await spawnWorkerProcess(campus.api.config);
  }, 90_000);
  afterAll(async () => {
    await worker?.kill('SIGTERM');
    await queue?.obliterate({ force: true }).catch(() => undefined);
    await queue?.close();
    redis?.disconnect();
    await database?.end();
    await campus?.stop();
    rmSync(mediaDir, { recursive: true, force: true });
    rmSync(`${mediaDir}-certificates`, { recursive: true, force: true });
  });

  it('takes 50 parallel submits as one submission, graded once', async () => {
    const { client } = await newLearner('parallel');
    const id = await start(client, 'line-official-account-basic');
    const replies = await Promise.all(Array.from({ length: 50 }, () => client.xhr('POST', `/api/v1/exam-sessions/${id}/submit`, {})));
    expect(replies.map((reply) => reply.status)).toEqual(Array(50).fill(200));
    expect(new Set(replies.map((reply) => reply.json().finishedAt)).size).toBe(1);
    expect(replies.every((reply) => reply.json().examSessionId === id)).toBe(true);
    await waitUntil('the grade', allGraded([id]));
    expect(await countEvents([id], 'ExamSubmitted')).toEqual(new Map([[id, 1]]));
    expect(await countEvents([id], 'ExamGraded')).toEqual(new Map([[id, 1]]));
  });

  it('finalises a session left open past its deadline from its saved answers, finished at the deadline', async () => {
    const { client } = await newLearner('absent');
    const id = await start(client, 'line-ads-basic');
    const right = await rightAnswers(id);
    const exam = (await client.xhr('GET', '/api/v1/certification-courses/line-ads-basic/exam')).json();
    // Three right answers, one wrong, the rest never answered; then the browser goes away.
    const [first, second, third, fourth] = exam.questions as { questionId: string; choices: { choiceId: string }[] }[];
    for (const question of [first!, second!, third!]) {
      expect((await client.xhr('PUT', `/api/v1/exam-sessions/${id}/answers/${question.questionId}`, { choiceIds: right[question.questionId] })).status).toBe(200);
    }
    const wrong = fourth!.choices.find((choice) => !right[fourth!.questionId]!.includes(choice.choiceId))!.choiceId;
    expect((await client.xhr('PUT', `/api/v1/exam-sessions/${id}/answers/${fourth!.questionId}`, { choiceIds: [wrong] })).status).toBe(200);

    // Time passes: the deadline (and its grace) moves into the past, and the delayed job the relay
    // scheduled for this session is promoted as BullMQ promotes it when due.
    const { rows } = await database.query(
      `update exam_sessions set deadline = date_trunc('milliseconds', now()) - interval '10 seconds' where id = $1 returning deadline`,
      [id],
    );
    const deadline = new Date(rows[0].deadline).toISOString();
    const started = (await database.query(`select id from events where stream_id = $1 and type = 'ExamStarted'`, [id])).rows[0].id;
    const jobId = `finalise-exam-when-deadline-passed@${started}`;
    await waitUntil('the delayed finalisation job', async () => (await (await queue.getJob(jobId))?.isDelayed()) === true);
    await (await queue.getJob(jobId))!.promote();
    await waitUntil('the grade', allGraded([id]));

    const { rows: session } = await database.query('select status, finished_at, answers from exam_sessions where id = $1', [id]);
    expect(new Date(session[0].finished_at).toISOString()).toBe(deadline);
    expect(Object.keys(session[0].answers)).toHaveLength(4);
    const { rows: facts } = await database.query(`select type, data from events where stream_id = $1 and type in ('ExamExpired', 'ExamGraded') order by seq`, [id]);
    expect(facts).toEqual([
      { type: 'ExamExpired', data: { finishedAt: deadline, answeredCount: 4, userId: expect.any(String), courseSlug: 'line-ads-basic' } },
      { type: 'ExamGraded', data: expect.objectContaining({ passed: false, correct: 3, total: exam.questions.length }) },
    ]);
    const result = (await client.xhr('GET', '/api/v1/certification-courses/line-ads-basic/last-result')).json();
    expect(result).toMatchObject({ examSessionId: id, finishedAt: deadline, passed: false, correct: 3 });
  });

  it('closes every overdue session with the first job that comes due, and the others then find nothing to do', async () => {
    const learners = await Promise.all(['storm-a', 'storm-b', 'storm-c'].map((label) => newLearner(label)));
    const ids = await Promise.all(learners.map(({ client }) => start(client, 'line-ads-basic')));
    const { rows } = await database.query(
      `update exam_sessions set deadline = date_trunc('milliseconds', now()) - interval '10 seconds' where id = any($1) returning id, deadline`,
      [ids],
    );
    const deadlines = new Map(rows.map((row: { id: string; deadline: Date }) => [row.id, new Date(row.deadline).toISOString()]));
    const startedEvents = (await database.query(`select id, stream_id, meta from events where stream_id = any($1) and type = 'ExamStarted'`, [ids])).rows;
    const jobIdOf = (streamId: string) => `finalise-exam-when-deadline-passed@${startedEvents.find((row: { stream_id: string }) => row.stream_id === streamId).id}`;
    await waitUntil('the delayed finalisation jobs', async () => (await Promise.all(ids.map(async (id) => (await queue.getJob(jobIdOf(id)))?.isDelayed()))).every(Boolean));

    // Only the first learner's job comes due; it closes all three, each at its own deadline.
    await (await queue.getJob(jobIdOf(ids[0]!)))!.promote();
    await waitUntil('all three graded', allGraded(ids));
    const { rows: expired } = await database.query(`select stream_id, meta, data from events where stream_id = any($1) and type = 'ExamExpired'`, [ids]);
    expect(expired).toHaveLength(3);
    for (const row of expired) {
      expect(row.data.finishedAt).toBe(deadlines.get(row.stream_id));
      // Each expiry is traced to its own session's start, not to the job that happened to close it.
      const started = startedEvents.find((event: { stream_id: string }) => event.stream_id === row.stream_id);
      expect(row.meta).toMatchObject({ causationId: started.id, correlationId: started.meta.correlationId });
    }
    expect(new Set(expired.map((row: { meta: { correlationId: string } }) => row.meta.correlationId)).size).toBe(3);

    // The other two jobs, when their time comes, change nothing.
    for (const id of ids.slice(1)) await (await queue.getJob(jobIdOf(id)))!.promote();
    await waitUntil('the other jobs done', async () => (await Promise.all(ids.slice(1).map(async (id) => (await queue.getJob(jobIdOf(id)))?.isCompleted()))).every(Boolean));
    expect(await countEvents(ids, 'ExamExpired')).toEqual(new Map(ids.map((id) => [id, 1])));
    expect(await countEvents(ids, 'ExamGraded')).toEqual(new Map(ids.map((id) => [id, 1])));
  });

  it('never sends a correct flag, explanation or per-question topic from any exam endpoint or its documented schema', async () => {
    const { client } = await newLearner('scan');
    const slug = 'yahoo-ads-searchads-basic';
    const started = await client.xhr('POST', `/api/v1/certification-courses/${slug}/exam/start/`);
    const id = started.json().examSessionId;
    const exam = await client.xhr('GET', `/api/v1/certification-courses/${slug}/exam`);
    const current = await client.xhr('GET', `/api/v1/certification-courses/${slug}/current-exam-session`);
    const question = exam.json().questions[0];
    const saved = await client.xhr('PUT', `/api/v1/exam-sessions/${id}/answers/${question.questionId}`, { choiceIds: [question.choices[0].choiceId] });
    const resumed = await client.xhr('POST', `/api/v1/certification-courses/${slug}/exam/start/`);
    const submitted = await client.xhr('POST', `/api/v1/exam-sessions/${id}/submit`, { answers: await rightAnswers(id) });
    await waitUntil('the grade', allGraded([id]));
    const result = await client.xhr('GET', `/api/v1/certification-courses/${slug}/last-result`);
    const again = await client.xhr('POST', `/api/v1/exam-sessions/${id}/submit`, {});

    for (const reply of [started, exam, current, saved, resumed, submitted, result, again]) expect(reply.status).toBe(200);
    for (const reply of [started, exam, current, saved, resumed, submitted, again]) expect(answerLeaks(reply.json())).toEqual([]);
    expect(choiceShapes(exam.json())).toEqual(['choiceId,text']);
    expect(exam.json().questions.length).toBeGreaterThan(0);
    // The result counts right answers overall and per topic; it never names a question or a choice.
    expect(answerLeaks(result.json(), resultAllows)).toEqual([]);
    expect(keyPaths(result.json()).filter((entry) => /question|choice/i.test(entry.key))).toEqual([]);
    expect(result.json().topics.length).toBeGreaterThan(0);

    const docs = (await new BrowserLikeClient(campus.api.origin).xhr('GET', '/api/docs')).json();
    const components = docs.components.schemas as Record<string, unknown>;
    /** The response schema with every $ref replaced by its component, so the walk sees nested schemas. */
    const inline = (schema: unknown, seen: string[] = []): unknown => {
      if (Array.isArray(schema)) return schema.map((item) => inline(item, seen));
      if (schema === null || typeof schema !== 'object') return schema;
      const ref = (schema as { $ref?: string }).$ref;
      if (ref) {
        const name = ref.replace('#/components/schemas/', '');
        return seen.includes(name) ? {} : inline(components[name], [...seen, name]);
      }
      return Object.fromEntries(Object.entries(schema).map(([key, value]) => [key, inline(value, seen)]));
    };
    const responseOf = (route: string, method: string) => inline(docs.paths[route][method].responses['200'].content['application/json'].schema);
    /** Only property names count in a schema: `properties.<name>` at any depth. */
    const propertyNames = (schema: unknown) =>
      keyPaths(schema)
        .filter((entry) => /(^|\.)properties\.[^.]+$/.test(entry.path))
        .map((entry) => ({ key: entry.key, path: entry.path.replace(/(^|\.)(properties|items)(?=\.|$)/g, '').replace(/^\./, ''), value: entry.value }));
    const routes: [string, string][] = [
      ['/api/v1/certification-courses/{certificationCourseSlug}/exam/start/', 'post'],
      ['/api/v1/certification-courses/{certificationCourseSlug}/exam', 'get'],
      ['/api/v1/certification-courses/{certificationCourseSlug}/current-exam-session', 'get'],
      ['/api/v1/exam-sessions/{examSessionId}/answers/{questionId}', 'put'],
      ['/api/v1/exam-sessions/{examSessionId}/submit', 'post'],
    ];
    for (const [route, method] of routes) {
      expect({ route, leaks: propertyNames(responseOf(route, method)).filter((entry) => ANSWER_KEYS.includes(entry.key)).map((entry) => entry.path) }).toEqual({ route, leaks: [] });
    }
    const examSchema = responseOf(routes[1]![0], 'get') as { properties: { questions: { items: { properties: { choices: { items: { properties: object } } } } } } };
    expect(Object.keys(examSchema.properties.questions.items.properties.choices.items.properties).sort()).toEqual(['choiceId', 'text']);
    const resultSchema = propertyNames(responseOf('/api/v1/certification-courses/{certificationCourseSlug}/last-result', 'get'));
    expect(resultSchema.filter((entry) => ANSWER_KEYS.includes(entry.key) && !['correct', 'topics', 'topics.topic', 'topics.correct'].includes(entry.path))).toEqual([]);
    expect(resultSchema.filter((entry) => /question|choice/i.test(entry.key))).toEqual([]);
  });

  it('grades every session exactly once when the worker process is killed mid-grading and restarted', async () => {
    const sessions = 16;
    const learners: Awaited<ReturnType<typeof newLearner>>[] = [];
    for (let index = 0; index < sessions; index += 1) learners.push(await newLearner(`kill${index}`));
    // With the worker down the submissions wait in the outbox, so they all reach it in one burst.
    await worker!.kill('SIGTERM');
    const ids: string[] = [];
    for (const { client } of learners) {
      const id = await start(client, 'line-ads-basic');
      expect((await client.xhr('POST', `/api/v1/exam-sessions/${id}/submit`, { answers: await rightAnswers(id) })).status).toBe(200);
      ids.push(id);
    }

    worker = await spawnWorkerProcess(campus.api.config);
    let gradedAtKill = 0;
    for (const until = Date.now() + 30_000; Date.now() < until && gradedAtKill === 0; await sleep(2)) {
      gradedAtKill = [...(await countEvents(ids, 'ExamGraded')).values()].length;
    }
    await worker.kill('SIGKILL');
    // Killed after the first grade and before the last: grading was in flight.
    expect(gradedAtKill).toBeGreaterThan(0);
    const gradedAfterKill = [...(await countEvents(ids, 'ExamGraded')).values()].length;
    expect(gradedAfterKill).toBeLessThan(sessions);

    // The restarted worker takes over the killed one's jobs once their locks expire (BullMQ's stall check).
    worker = await spawnWorkerProcess(campus.api.config);
    await waitUntil('every session graded', allGraded(ids), 120_000);
    for (const type of ['ExamSubmitted', 'ExamGraded', 'BadgeAwarded']) {
      const counts = await countEvents(ids, type);
      expect({ type, counts: ids.map((id) => counts.get(id) ?? 0) }).toEqual({ type, counts: Array(sessions).fill(1) });
    }
    const userIds = learners.map((learner) => learner.id);
    const { rows: badgeRows } = await database.query(`select user_id, count(*)::int as n from badges where user_id = any($1) group by user_id`, [userIds]);
    expect(badgeRows.map((row: { n: number }) => row.n)).toEqual(Array(sessions).fill(1));

    // Each badge of a passed exam gets exactly one certificate, whatever the worker went through.
    const perSession = async () =>
      (await database.query(`select count(*)::int as n from certificates where exam_session_id = any($1) group by exam_session_id`, [ids])).rows.map((row: { n: number }) => row.n);
    await waitUntil('the certificates', async () => (await perSession()).length === sessions, 120_000);
    expect(await perSession()).toEqual(Array(sessions).fill(1));
    // One whole file each, and no half-written file left by the killed worker.
    const stored = readdirSync(path.join(`${mediaDir}-certificates`, 'certificates'));
    const { rows: issued } = await database.query(`select id from certificates where exam_session_id = any($1)`, [ids]);
    for (const { id } of issued) expect(stored).toContain(`${id}.pdf`);
    expect(stored.filter((file) => !file.endsWith('.pdf'))).toEqual([]);
    const failedGrades = (await queue.getFailed()).filter((job) => job.name === 'grade-exam-when-exam-submitted');
    expect(failedGrades).toEqual([]);
  }, 300_000);
});
