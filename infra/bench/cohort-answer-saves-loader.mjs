// Load generator of cohort-answer-saves.mjs, in its own process pinned to the load CPU.
// Usage: node cohort-answer-saves-loader.mjs <plan.json>; prints one JSON line of figures.
//
// Plan: { mode: 'api' | 'statement', baseUrl?, databaseUrl?, loops, durationMs, badShare, learners }
// Each loop owns a disjoint slice of the learners and saves, learner after learner, one random valid
// answer to a random question of that learner's running exam:
//   api        PUT /api/v1/exam-sessions/:id/answers/:questionId with the learner's cookie (the whole stack);
//   statement  the one statement the save handler sends (`answerSaveStatement`, compiled server code), sent
//              as the event store sends it (`runPrepared`) on a pg pool of `loops` connections, same database.
// In api mode `badShare` of the requests are malformed (an unknown question, another learner's session,
// another session's choice ids, an oversized body); they must all be answered 4xx in the error envelope.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const serverRequire = createRequire(path.join(ROOT, 'server', 'package.json'));

/** @typedef {{ questionId: string, type: 'single' | 'multiple', choiceIds: string[] }} Question */
/** @typedef {{ userId: string, token: string, examSessionId: string, questions: Question[] }} Learner */

const plan = JSON.parse(readFileSync(process.argv[2] ?? '', 'utf8'));
/** @type {Learner[]} */
const learners = plan.learners;

const pick = (/** @type {any[]} */ items) => items[Math.floor(Math.random() * items.length)];
/** A valid answer: one choice for a single-choice question, one to all for a multiple-choice one. */
const validAnswer = (/** @type {Question} */ question) => {
  if (question.type === 'single') return [pick(question.choiceIds)];
  const count = 1 + Math.floor(Math.random() * question.choiceIds.length);
  return [...question.choiceIds].sort(() => Math.random() - 0.5).slice(0, count);
};

const latencies = new Float64Array(1 << 22);
let saved = 0;
let transportErrors = 0;
/** @type {Record<string, number>} */
const unexpected = {};
const bad = { sent: 0, answered4xx: 0, answered5xx: 0, notEnvelope: 0, accepted: 0, closedWhileSending: 0, maxMs: 0, /** @type {Record<string, Record<string, number>>} */ byKind: {} };

/** Splits the learners into one slice per loop, so no two loops write the same session at once. */
const slices = Array.from({ length: plan.loops }, (_, loop) => learners.filter((_, index) => index % plan.loops === loop));

async function apiMode() {
  const { Pool } = serverRequire('undici');
  const pool = new Pool(plan.baseUrl, { connections: plan.loops, pipelining: 1 });
  const headers = (/** @type {Learner} */ learner) => ({ cookie: `campus_session=${learner.token}`, 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest' });
  const put = async (/** @type {Learner} */ learner, /** @type {string} */ examSessionId, /** @type {string} */ questionId, /** @type {string} */ body) => {
    const response = await pool.request({ method: 'PUT', path: `/api/v1/exam-sessions/${examSessionId}/answers/${encodeURIComponent(questionId)}`, headers: headers(learner), body });
    const text = await response.body.text();
    return { status: response.statusCode, text };
  };
  /** The malformed saves, in turn: a name and the request (session id, question id, body) for a learner. */
  /** @type {[string, (learner: Learner) => [string, string, string]][]} */
  const badKinds = [
    ['unknown question', (/** @type {Learner} */ learner) => [learner.examSessionId, 'no-such-question', JSON.stringify({ choiceIds: ['x'] })]],
    ['another learner’s session', (/** @type {Learner} */ learner) => {
      const other = pick(learners.filter((candidate) => candidate !== learner));
      const question = pick(other.questions);
      return [other.examSessionId, question.questionId, JSON.stringify({ choiceIds: validAnswer(question) })];
    }],
    ['another session’s choice ids', (/** @type {Learner} */ learner) => {
      const other = pick(learners.filter((candidate) => candidate !== learner));
      return [learner.examSessionId, pick(learner.questions).questionId, JSON.stringify({ choiceIds: [pick(pick(other.questions).choiceIds)] })];
    }],
    ['oversized body (1 MB + 1 KB, over the limit)', (/** @type {Learner} */ learner) => [learner.examSessionId, pick(learner.questions).questionId, JSON.stringify({ choiceIds: ['x'.repeat(2 ** 20 + 1024)] })]],
  ];
  let badTurn = 0;
  const until = Date.now() + plan.durationMs;
  await Promise.all(
    slices.map(async (mine) => {
      for (let turn = 0; Date.now() < until; turn++) {
        const learner = mine[turn % mine.length];
        if (Math.random() < plan.badShare) {
          const [kind, make] = badKinds[badTurn++ % badKinds.length];
          const started = performance.now();
          bad.sent++;
          const counts = (bad.byKind[kind] ??= {});
          try {
            const { status, text } = await put(learner, ...make(learner));
            bad.maxMs = Math.max(bad.maxMs, performance.now() - started);
            counts[status] = (counts[status] ?? 0) + 1;
            if (status >= 500) bad.answered5xx++;
            else if (status >= 400) bad.answered4xx++;
            else bad.accepted++;
            let envelope = null;
            try {
              envelope = JSON.parse(text);
            } catch {
              /* not JSON */
            }
            if (!envelope || envelope.status !== status || typeof envelope.code !== 'string' || typeof envelope.message !== 'string' || 'stack' in envelope) bad.notEnvelope++;
          } catch {
            // The server answers 413 from the headers and closes; a client still sending may see the close first.
            counts['connection closed'] = (counts['connection closed'] ?? 0) + 1;
            bad.closedWhileSending++;
          }
          continue;
        }
        const question = pick(learner.questions);
        const started = performance.now();
        try {
          const { status, text } = await put(learner, learner.examSessionId, question.questionId, JSON.stringify({ choiceIds: validAnswer(question) }));
          if (status === 200) latencies[saved++] = performance.now() - started;
          else {
            const key = `${status} ${text.slice(0, 120)}`;
            unexpected[key] = (unexpected[key] ?? 0) + 1;
          }
        } catch {
          transportErrors++;
        }
      }
    }),
  );
  await pool.close();
}

async function statementMode() {
  serverRequire('reflect-metadata');
  const { openDatabase } = serverRequire('./dist/database/connection.js');
  const { answerSaveStatement } = serverRequire('./dist/modules/certification/exam-session.repository.js');
  const { AnswerSaved } = serverRequire('./dist/modules/certification/events.js');
  const connection = await openDatabase({ kind: 'postgres', url: plan.databaseUrl, poolSize: plan.loops });
  const meta = (/** @type {Learner} */ learner) => ({ actorId: learner.userId, requestId: null, correlationId: crypto.randomUUID(), causationId: null });
  const until = Date.now() + plan.durationMs;
  await Promise.all(
    slices.map(async (mine) => {
      for (let turn = 0; Date.now() < until; turn++) {
        const learner = mine[turn % mine.length];
        const question = pick(learner.questions);
        const answer = new AnswerSaved({ questionId: question.questionId, choiceIds: validAnswer(question), savedAt: new Date().toISOString() });
        const statement = answerSaveStatement({ meta: meta(learner), examSessionId: learner.examSessionId, userId: learner.userId, answer });
        const started = performance.now();
        try {
          // As the event store sends it: a named prepared statement on the pg pool.
          const rows = await connection.runPrepared(statement);
          if (rows.length === 1) latencies[saved++] = performance.now() - started;
          else unexpected['nothing saved'] = (unexpected['nothing saved'] ?? 0) + 1;
        } catch (error) {
          const key = String(error instanceof Error ? error.message : error).slice(0, 120);
          unexpected[key] = (unexpected[key] ?? 0) + 1;
        }
      }
    }),
  );
  await connection.close();
}

const started = Date.now();
await (plan.mode === 'api' ? apiMode() : statementMode());
const seconds = (Date.now() - started) / 1000;
const sorted = latencies.slice(0, saved).sort();
const at = (/** @type {number} */ p) => (saved ? sorted[Math.min(saved - 1, Math.ceil((p / 100) * saved) - 1)] : NaN);
console.log(
  JSON.stringify({
    saves: saved,
    perSecond: saved / seconds,
    p50: at(50),
    p99: at(99),
    max: saved ? sorted[saved - 1] : NaN,
    transportErrors,
    unexpected,
    bad,
  }),
);
