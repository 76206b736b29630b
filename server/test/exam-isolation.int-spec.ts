import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Client } from 'pg';
import { SessionStore } from '../src/modules/identity/session-store';
import { BrowserLikeClient } from './support/browser-like-client';
import { startCampus } from './support/campus-harness';
import { importDemoPack } from './support/demo-content';
import { rightAnswersOf } from './support/exam-answers';
import { insertReadyLearner } from './support/ready-learner';

const COURSE = 'line-ads-basic';

interface FrozenChoice {
  choiceId: string;
  bankChoiceId?: string;
  text: string;
  correct: boolean;
}
interface PublicQuestion {
  questionId: string;
  choices: { choiceId: string; text: string }[];
}

describe('each learner’s exam is their own: one running session however many starts, choice ids of its own', () => {
  const mediaDir = mkdtempSync(path.join(tmpdir(), 'campus-media-'));
  let campus: Awaited<ReturnType<typeof startCampus>>;
  let database: Client;

  /** A learner with a profile and accepted terms, logged in by a session made the way the login makes it. */
  const newLearner = async (label: string) => {
    const id = randomUUID();
    await insertReadyLearner(database, { id, subject: `isolation-${id}`, firstName: `太郎${label}`, email: `${label}-${id}@example.com` }, campus.api.config.termsVersion);
    const token = await campus.api.app.get(SessionStore).create(id, null);
    const client = new BrowserLikeClient(campus.api.origin);
    await client.jar.setCookie(`${campus.api.config.session.cookieName}=${token}; Path=/`, campus.api.origin);
    return { id, client };
  };
  const start = (client: BrowserLikeClient, slug = COURSE) => client.xhr('POST', `/api/v1/certification-courses/${slug}/exam/start/`);
  const examOf = async (client: BrowserLikeClient): Promise<{ questions: PublicQuestion[] }> => (await client.xhr('GET', `/api/v1/certification-courses/${COURSE}/exam`)).json();
  const save = (client: BrowserLikeClient, sessionId: string, questionId: string, choiceIds: unknown) =>
    client.xhr('PUT', `/api/v1/exam-sessions/${sessionId}/answers/${questionId}`, { choiceIds });
  const frozenOf = async (sessionId: string): Promise<{ questionId: string; choices: FrozenChoice[] }[]> =>
    (await database.query('select questions from exam_sessions where id = $1', [sessionId])).rows[0].questions;
  const resultOf = async (client: BrowserLikeClient) => {
    for (let attempt = 0; attempt < 150; attempt += 1) {
      const reply = await client.xhr('GET', `/api/v1/certification-courses/${COURSE}/last-result`);
      if (reply.status === 200) return reply.json();
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error('no result');
  };

  beforeAll(async () => {
    campus = await startCampus({ mediaDir, worker: true });
    await importDemoPack(campus.database.url, mediaDir);
    database = new Client({ connectionString: campus.database.url });
    await database.connect();
  }, 90_000);
  afterAll(async () => {
    await database?.end();
    await campus?.stop();
    rmSync(mediaDir, { recursive: true, force: true });
    rmSync(`${mediaDir}-certificates`, { recursive: true, force: true });
  });

  describe('simultaneous starts (double clicks, two tabs)', () => {
    it('gives 10 learners firing 2–5 starts at once one running session each, named by every answer', async () => {
      const learners: Awaited<ReturnType<typeof newLearner>>[] = [];
      for (let index = 0; index < 10; index += 1) learners.push(await newLearner(`double-click-${index}`));
      // Everyone at once: the starts of one learner race each other, and the learners race for the pool.
      const replies = await Promise.all(learners.map(({ client }, index) => Promise.all(Array.from({ length: 2 + (index % 4) }, () => start(client)))));

      for (const [index, { id }] of learners.entries()) {
        const own = replies[index]!;
        expect(own.map((reply) => reply.status)).toEqual(own.map(() => 200));
        const sessionIds = new Set(own.map((reply) => reply.json().examSessionId));
        expect(sessionIds.size).toBe(1);
        // One start made it; the others resumed it, with its deadline.
        expect(own.filter((reply) => reply.json().resumed === false)).toHaveLength(1);
        expect(new Set(own.map((reply) => reply.json().deadline)).size).toBe(1);
        const { rows } = await database.query(`select id from exam_sessions where user_id = $1 and status = 'running'`, [id]);
        expect(rows).toEqual([{ id: [...sessionIds][0] }]);
        const started = await database.query(`select count(*)::int as n from events where type = 'ExamStarted' and data->>'userId' = $1`, [id]);
        expect(started.rows[0].n).toBe(1);
      }
    });

    it('refuses, never fails, simultaneous starts of two different courses: one runs, the other is told why', async () => {
      const { id, client } = await newLearner('two-courses');
      const replies = await Promise.all([start(client, COURSE), start(client, 'yahoo-ads-searchads-basic'), start(client, COURSE)]);
      expect(replies.every((reply) => reply.status === 200 || reply.json().code === 'EXAM_IN_PROGRESS')).toBe(true);
      const { rows } = await database.query(`select count(*)::int as n from exam_sessions where user_id = $1 and status = 'running'`, [id]);
      expect(rows[0].n).toBe(1);
    });
  });

  describe('choice ids', () => {
    let first: { id: string; client: BrowserLikeClient; sessionId: string; exam: { questions: PublicQuestion[] } };
    let second: typeof first;

    beforeAll(async () => {
      const open = async (label: string) => {
        const learner = await newLearner(label);
        const reply = await start(learner.client);
        expect(reply.status).toBe(200);
        return { ...learner, sessionId: reply.json().examSessionId as string, exam: await examOf(learner.client) };
      };
      first = await open('ids-first');
      second = await open('ids-second');
    });

    it('are the session’s own: the same question has other ids in another learner’s session, and none is a bank position', async () => {
      const common = first.exam.questions.filter((question) => second.exam.questions.some((other) => other.questionId === question.questionId));
      // The demo bank is drawn whole or nearly so: two sessions share questions.
      expect(common.length).toBeGreaterThan(0);
      for (const question of common) {
        const other = second.exam.questions.find((candidate) => candidate.questionId === question.questionId)!;
        const ids = question.choices.map((choice) => choice.choiceId);
        expect(other.choices.map((choice) => choice.choiceId).filter((choiceId) => ids.includes(choiceId))).toEqual([]);
        // The same texts, under other names.
        expect(other.choices.map((choice) => choice.text).sort()).toEqual(question.choices.map((choice) => choice.text).sort());
      }
      const allIds = first.exam.questions.flatMap((question) => question.choices.map((choice) => choice.choiceId));
      expect(allIds.filter((choiceId) => /^c\d+$/.test(choiceId))).toEqual([]);
      expect(new Set(allIds).size).toBe(allIds.length);
      // What the learner is shown is what the session holds; the bank's order stays on the server.
      const frozen = await frozenOf(first.sessionId);
      expect(first.exam.questions.map((question) => question.choices.map((choice) => choice.choiceId))).toEqual(
        frozen.map((question) => question.choices.map((choice) => choice.choiceId)),
      );
      expect(frozen.every((question) => question.choices.every((choice) => /^c\d+$/.test(choice.bankChoiceId ?? '')))).toBe(true);
      expect(JSON.stringify(first.exam)).not.toMatch(/bankChoiceId|"correct"/);
    });

    it('refuses a bank position or another session’s id as an answer, naming choiceIds', async () => {
      const question = first.exam.questions.find((candidate) => second.exam.questions.some((other) => other.questionId === candidate.questionId))!;
      const othersIds = second.exam.questions.find((other) => other.questionId === question.questionId)!.choices.map((choice) => choice.choiceId);
      for (const choiceIds of [['c2'], ['c1'], [othersIds[0]]]) {
        expect((await save(first.client, first.sessionId, question.questionId, choiceIds)).json()).toMatchObject({
          status: 400,
          code: 'VALIDATION_FAILED',
          field: 'choiceIds',
        });
      }
      // A whole leaked key ("question → bank choice") submitted at once is refused the same way.
      const bankKey = Object.fromEntries((await frozenOf(second.sessionId)).map((q) => [q.questionId, q.choices.filter((c) => c.correct).map((c) => c.bankChoiceId)]));
      const submit = await first.client.xhr('POST', `/api/v1/exam-sessions/${first.sessionId}/submit`, { answers: bankKey });
      expect(submit.json()).toMatchObject({ status: 400, field: 'answers' });
      expect((await database.query(`select answers from exam_sessions where id = $1`, [first.sessionId])).rows[0].answers).toEqual({});
    });

    it('grades through the session’s own ids', async () => {
      const right = await rightAnswersOf(database, first.sessionId);
      for (const [questionId, choiceIds] of Object.entries(right)) expect((await save(first.client, first.sessionId, questionId, choiceIds)).status).toBe(200);
      expect((await first.client.xhr('POST', `/api/v1/exam-sessions/${first.sessionId}/submit`, {})).status).toBe(200);
      expect(await resultOf(first.client)).toMatchObject({ examSessionId: first.sessionId, passed: true, percent: 100 });
    });

    it('keeps a session frozen before per-session ids working: its ids are the bank’s', async () => {
      // What a session started before this change holds: c1…cN as the learner's ids, no mapping.
      await database.query(
        `update exam_sessions
            set questions = (select jsonb_agg(jsonb_set(q, '{choices}', (select jsonb_agg((c - 'bankChoiceId') || jsonb_build_object('choiceId', c->'bankChoiceId'))
                                                                              from jsonb_array_elements(q->'choices') c)))
                               from jsonb_array_elements(questions) q)
          where id = $1`,
        [second.sessionId],
      );
      const exam = await examOf(second.client);
      expect(exam.questions.every((question) => question.choices.every((choice) => /^c\d+$/.test(choice.choiceId)))).toBe(true);
      const right = await rightAnswersOf(database, second.sessionId);
      const [firstQuestion, ...rest] = Object.keys(right);
      expect((await save(second.client, second.sessionId, firstQuestion!, ['c99'])).json()).toMatchObject({ status: 400, field: 'choiceIds' });
      expect((await save(second.client, second.sessionId, firstQuestion!, right[firstQuestion!])).status).toBe(200);
      const answers = Object.fromEntries(rest.map((questionId) => [questionId, right[questionId]!]));
      expect((await second.client.xhr('POST', `/api/v1/exam-sessions/${second.sessionId}/submit`, { answers })).status).toBe(200);
      expect(await resultOf(second.client)).toMatchObject({ examSessionId: second.sessionId, passed: true, percent: 100 });
    });
  });
});
