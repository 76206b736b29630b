// Benchmark: a time-up storm. N exam sessions (default 1,000) share one deadline; every learner has an
// authenticated socket on the API. The real API (server/dist/main.js) and worker (server/dist/worker.js)
// run as separate processes on a temporary PostgreSQL database; the ExamStarted events go through the
// outbox relay to N delayed BullMQ finalisation jobs, all due at the same instant.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { ensureBuilt } from '../scripts/lib.mjs';
import { ROOT, addCleanup, clearRedisPrefix, fmtInt, loadAverage, machine, sleep, startServer, startWorker, temporaryDatabase } from './lib.mjs';

export const id = 'exam-time-up-storm';
export const title = 'Exam time-up storm: 1,000 sessions with the same deadline';

const SESSIONS = Number(process.env.BENCH_STORM_SESSIONS ?? 1000);
const GOALS = { pushP99: 250, finaliseP99: 1000, allGraded: 30_000 };
/** Room for the exams to be created and relayed before their deadline. */
const LEAD_MS = Number(process.env.BENCH_STORM_LEAD_MS ?? 40_000);
const SETTLE_MS = 90_000;
/** The goals hold only if they hold in this many consecutive storms. */
const RUNS = Number(process.env.BENCH_STORM_RUNS ?? 3);

const serverRequire = createRequire(path.join(ROOT, 'server', 'package.json'));
const { io } = serverRequire('socket.io-client');
const { Client } = serverRequire('pg');

const percentile = (/** @type {number[]} */ xs, /** @type {number} */ p) => {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] : NaN;
};
const ms = (/** @type {number} */ value) => (Number.isFinite(value) ? `${fmtInt(value)} ms` : 'n/a');

/** Runs the setup script; its last stdout line is JSON. */
function setup(/** @type {string[]} */ args, /** @type {NodeJS.ProcessEnv} */ env, /** @type {string | undefined} */ input = undefined) {
  const result = spawnSync(process.execPath, ['infra/bench/exam-time-up-storm-setup.cjs', ...args], { cwd: ROOT, env, input, encoding: 'utf8', maxBuffer: 64 * 2 ** 20 });
  if (result.status !== 0) throw new Error(`setup ${args[0]} failed:\n${result.stderr}${result.stdout}`);
  return JSON.parse(result.stdout.trim().split('\n').pop() ?? 'null');
}

/** One socket per learner, like one open exam page each; connected a batch at a time. */
async function connectSockets(/** @type {string} */ url, /** @type {string} */ origin, /** @type {{ userId: string, token: string }[]} */ learners, /** @type {(payload: any) => void} */ onTimeUp, reconnection = false) {
  const sockets = [];
  for (let index = 0; index < learners.length; index += 50) {
    const batch = learners.slice(index, index + 50).map(
      ({ token }) =>
        new Promise((resolve, reject) => {
          const socket = io(url, { transports: ['websocket'], forceNew: true, reconnection, reconnectionDelay: 200, reconnectionDelayMax: 1_000, extraHeaders: { cookie: `campus_session=${token}`, origin } });
          socket.on('exam.timeUp', onTimeUp);
          socket.once('connect', () => resolve(socket));
          socket.once('connect_error', reject);
        }),
    );
    sockets.push(...(await Promise.all(batch)));
  }
  return sockets;
}

export const run = () => runStorm({ id, title, processes: 1 });

/**
 * The storm against `processes` API processes and as many workers (1: the production shape of one of
 * each; 2: the scale-out of `npm run start:cluster`, the learners' sockets spread over both APIs).
 */
export async function runStorm({ id, title, processes, rollingRestart = false }) {
  if (process.env.BENCH_SKIP_BUILD !== '1') ensureBuilt();
  const databaseUrl = await temporaryDatabase('campus_bench_storm');
  if (!databaseUrl) throw new Error('this benchmark needs PostgreSQL');
  const mediaDir = mkdtempSync(path.join(os.tmpdir(), 'campus-bench-media-'));
  addCleanup(() => rmSync(mediaDir, { recursive: true, force: true }));
  addCleanup(() => rmSync(`${mediaDir}-certificates`, { recursive: true, force: true }));
  const env = { ...process.env, LOG_LEVEL: 'warn', DATABASE_URL: databaseUrl, MEDIA_DIR: mediaDir, CERTIFICATE_DIR: `${mediaDir}-certificates`, REDIS_PREFIX: `bench-storm-${process.pid}`, DEMO_SEED: 'false', RUN_WORKER_IN_PROCESS: 'false' };

  console.log('[bench] importing the demo content pack');
  const imported = spawnSync(process.execPath, ['server/dist/content-import.js'], { cwd: ROOT, env, encoding: 'utf8' });
  if (imported.status !== 0) throw new Error(`content import failed:\n${imported.stderr}${imported.stdout}`);

  /** @type {Awaited<ReturnType<typeof startServer>>[]} */
  const apis = [];
  for (let index = 0; index < processes; index++) apis.push(await startServer({ name: `campus API ${index + 1}`, cmd: [process.execPath, 'server/dist/main.js'], env, readyPath: '/api/ready' }));
  const database = new Client({ connectionString: databaseUrl });
  await database.connect();
  // The temporary database is dropped with force at cleanup: a late error there is expected.
  database.on('error', () => undefined);
  addCleanup(() => clearRedisPrefix(env.REDIS_PREFIX));
  /** @type {any[]} */
  let sockets = [];
  /** @type {Awaited<ReturnType<typeof startWorker>>[]} */
  const workers = [];
  try {
    console.log(`[bench] creating ${SESSIONS} learners with login sessions`);
    const learners = setup(['learners', String(SESSIONS)], env);
    /** examSessionId → when its time-up push arrived */
    const pushedAt = new Map();
    const onTimeUp = (payload) => pushedAt.has(payload.examSessionId) || pushedAt.set(payload.examSessionId, Date.now());
    // Learner i on API i mod n. The handshake checks the Origin against that API's public origin (http://localhost:<port>).
    for (const [index, api] of apis.entries()) {
      const theirs = learners.filter((_, learner) => learner % apis.length === index);
      sockets.push(...(await connectSockets(api.baseUrl, `http://localhost:${api.port}`, theirs, onTimeUp, rollingRestart)));
    }
    console.log(`[bench] ${sockets.length} sockets connected to ${apis.length} API process(es)`);

    for (let index = 0; index < processes; index++) workers.push(await startWorker({ ...env, PORT: String(apis[0].port) }));
    const { examFinalisationDue } = serverRequire('./dist/modules/certification/registrations.js');
    const warnings = [];
    /**
     * A deploy during the storm: from 1 s before due, each API process and then each worker in turn gets
     * SIGTERM (graceful shutdown) and is started again in its place before the next one goes.
     * Returns what was restarted, with when it went down relative to due.
     */
    const restartOneByOne = async (/** @type {number} */ due) => {
      await sleep(Math.max(0, due - 1_000 - Date.now()));
      const done = [];
      for (const [index, api] of apis.entries()) {
        const wentDown = Date.now() - due;
        await api.stop();
        apis[index] = await startServer({ name: api.name, cmd: [process.execPath, 'server/dist/main.js'], env, readyPath: '/api/ready', port: api.port });
        done.push(`${api.name} (down at ${wentDown} ms, back at ${Date.now() - due} ms)`);
      }
      for (const [index, worker] of workers.entries()) {
        const wentDown = Date.now() - due;
        await worker.stop();
        workers[index] = await startWorker({ ...env, PORT: String(apis[0].port) });
        done.push(`worker ${index + 1} (down at ${wentDown} ms, back at ${Date.now() - due} ms)`);
      }
      return done;
    };
    /** One storm: SESSIONS exams with one deadline, measured from when their finalisation comes due. */
    const storm = async (/** @type {number} */ run) => {
      const deadline = Math.ceil((Date.now() + LEAD_MS) / 1000) * 1000;
      const due = examFinalisationDue({ deadline: new Date(deadline).toISOString() });
      console.log(`[bench] run ${run}: starting ${SESSIONS} exams, deadline ${new Date(deadline).toISOString()}, finalisation due ${new Date(due).toISOString()}`);
      const setupStarted = Date.now();
      const sessions = setup(['exams', String(deadline)], env, JSON.stringify(learners.map((learner) => learner.userId)));
      const createdMs = Date.now() - setupStarted;
      let relayedBy = NaN;
      for (;;) {
        const { rows } = await database.query(`select count(*)::int as n from events where relayed_at is null`);
        if (rows[0].n === 0) {
          relayedBy = Date.now();
          break;
        }
        if (Date.now() > due) break;
        await sleep(100);
      }
      if (!(relayedBy < deadline)) warnings.push(`run ${run}: the exams were not all created and relayed before their deadline: raise BENCH_STORM_LEAD_MS`);
      console.log(`[bench] run ${run}: exams created in ${fmtInt(createdMs)} ms, relayed ${fmtInt(deadline - relayedBy)} ms before the deadline; waiting for the storm`);

      const restarting = rollingRestart ? restartOneByOne(due) : Promise.resolve([]);
      const ids = sessions.map((session) => session.examSessionId);
      const pushedIn = () => ids.filter((id) => pushedAt.has(id)).length;
      let graded = 0;
      for (const until = due + SETTLE_MS; Date.now() < until; await sleep(250)) {
        const { rows } = await database.query(`select count(*)::int as n from exam_sessions where id = any($1) and status = 'graded'`, [ids]);
        graded = rows[0].n;
        if (graded === ids.length && pushedIn() === ids.length) break;
      }
      const { rows: expired } = await database.query(
        `select extract(epoch from occurred_at) * 1000 as at from events where type = 'ExamExpired' and stream_id = any($1)`,
        [ids],
      );
      const { rows: gradedRows } = await database.query(
        `select extract(epoch from max(occurred_at)) * 1000 as last, count(*)::int as n from events where type = 'ExamGraded' and stream_id = any($1)`,
        [ids],
      );
      const { rows: duplicates } = await database.query(
        `select count(*)::int as n from (select stream_id from events where type in ('ExamExpired', 'ExamGraded') and stream_id = any($1) group by stream_id, type having count(*) > 1) d`,
        [ids],
      );
      const restarts = await restarting;
      if (restarts.length) console.log(`[bench] run ${run}: restarted ${restarts.join(', ')}`);
      const push = ids.filter((id) => pushedAt.has(id)).map((id) => pushedAt.get(id) - due);
      const finalise = expired.map((row) => Number(row.at) - due);
      const figures = {
        createdMs,
        pushFirst: Math.min(...push),
        pushP50: percentile(push, 50),
        pushP99: percentile(push, 99),
        pushMax: Math.max(...push),
        finaliseFirst: Math.min(...finalise),
        finaliseP50: percentile(finalise, 50),
        finaliseP99: percentile(finalise, 99),
        allGraded: Number(gradedRows[0].last) - due,
        lost: ids.length - graded,
        missingPushes: ids.length - pushedIn(),
        duplicates: duplicates[0].n,
        restarts,
      };
      console.log(`[bench] run ${run}:`, JSON.stringify(figures));
      return figures;
    };
    /** @type {Awaited<ReturnType<typeof storm>>[]} */
    const runs = [];
    for (let run = 1; run <= RUNS; run++) runs.push(await storm(run));
    for (const worker of workers) if (worker.proc.exitCode !== null) warnings.push(`a worker exited during the runs:\n${worker.output()}`);
    const load = loadAverage();

    const m = machine();
    const when = new Date().toISOString().replace('T', ' ').replace(/\.\d+Z$/, ' UTC');
    const met = (/** @type {boolean} */ ok) => (ok ? 'met' : '**not met**');
    /** One figure across the runs; a goal is met only when every run meets it. */
    const row = (/** @type {string} */ name, /** @type {(run: typeof runs[number]) => string} */ show, goal = '', /** @type {((run: typeof runs[number]) => boolean) | undefined} */ meets = undefined) =>
      `| ${name} | ${runs.map(show).join(' | ')} | ${goal} | ${meets ? met(runs.every(meets)) : ''} |`;
    const markdown = [
      `## ${title}`,
      '',
      `- Date: ${when}`,
      `- Machine: ${m.cpuModel} × ${m.cpuCount} CPUs, ${m.totalMemGiB} GiB RAM, ${m.os}, Node ${m.node}; load average after the run ${load} (1/5/15 min)`,
      `- Command: \`BENCH_ONLY=${id} npm run bench\` (\`BENCH_STORM_SESSIONS\` changes the count, \`BENCH_STORM_RUNS\` the number of consecutive storms: ${RUNS} here, one after the other on the same processes and sockets)`,
      `- Setup: ${processes === 1 ? '`server/dist/main.js` (API, pinned to CPU 0) and `server/dist/worker.js` (worker role, own process, not pinned)' : `**${processes} API processes** (\`server/dist/main.js\`, all pinned to CPU 0) and **${processes} workers** (\`server/dist/worker.js\`, not pinned), as \`npm run start:cluster\` runs them`} on a temporary PostgreSQL database with the demo pack, Redis for BullMQ, the commit-pushes channel and the socket.io adapter. ` +
        `${fmtInt(SESSIONS)} learners, each with a login session and **one authenticated socket.io connection (${fmtInt(sockets.length)} sockets, websocket transport${processes > 1 ? `, learner i on API process i mod ${processes}` : ''})** held by the benchmark process. ` +
        `${fmtInt(SESSIONS)} Basic exams started through the compiled event store (questions drawn and frozen, \`ExamStarted\` appended, an answer saved for every question) with one shared deadline, ` +
        `in ${runs.map((run) => `${fmtInt(run.createdMs)} ms`).join(' / ')}; the worker's outbox relay turned them into delayed \`finalise-exam-when-deadline-passed\` jobs before the deadline.`,
      '- What is measured, from **due** = the deadline + the submit grace + 1 s slack (6 s), the moment finalisation may begin (the delayed jobs are released 150 ms before and their handler waits for it):',
      '  - push: when the benchmark process receives `exam.timeUp` on the learner\'s socket (worker → the commit-pushes channel in Redis → API → socket) − due;',
      '  - finalise: `occurred_at` of the session\'s `ExamExpired` event (start of the finalising transaction; it commits before the session\'s push is sent) − due;',
      '  - all graded: `occurred_at` of the last `ExamGraded` − due; lost: sessions not graded within 90 s after due.',
      '',
      `| Figure | ${runs.map((_, index) => `Run ${index + 1}`).join(' | ')} | Goal (every run) | |`,
      `| --- | ${runs.map(() => '---:').join(' | ')} | ---: | --- |`,
      row('time-up push, first', (run) => ms(run.pushFirst)),
      row('time-up push p50', (run) => ms(run.pushP50)),
      // During a restart the pushes wait for the restarted processes; only what is kept is a goal then.
      rollingRestart ? row('time-up push p99 (received)', (run) => ms(run.pushP99)) : row('time-up push p99', (run) => ms(run.pushP99), '≤ 250 ms', (run) => run.pushP99 <= GOALS.pushP99),
      row('time-up push max', (run) => ms(run.pushMax)),
      row('finalise, first', (run) => ms(run.finaliseFirst)),
      row('finalise p50', (run) => ms(run.finaliseP50)),
      row('finalise p99', (run) => ms(run.finaliseP99), '≤ 1 s', (run) => run.finaliseP99 <= GOALS.finaliseP99),
      row('all graded after', (run) => ms(run.allGraded), '≤ 30 s', (run) => run.allGraded <= GOALS.allGraded),
      row('lost (not graded)', (run) => String(run.lost), '0', (run) => run.lost === 0),
      row('pushes not received', (run) => String(run.missingPushes)),
      row('sessions expired or graded twice', (run) => String(run.duplicates), '0', (run) => run.duplicates === 0),
    ];
    if (rollingRestart) {
      markdown.push(
        '',
        '**Rolling restart during every storm** (what a deploy does): from 1 s before due, each API process and then each worker gets SIGTERM (graceful shutdown: ' +
          'the API stops accepting and closes its sockets, the worker finishes or returns its active jobs) and is started again on the same port before the next one goes. ' +
          'The learners\' sockets reconnect to their API process when it is back (socket.io client, 200 ms–1 s back-off); a time-up push sent while a learner\'s socket was down is not received ' +
          '(the exam page does not need it: it counts down to the server deadline itself). What must hold: no session lost or finalised twice.',
        '',
        ...runs.map((run, index) => `- Run ${index + 1}: ${run.restarts.join('; ')}`),
      );
    }
    markdown.push(
      '',
      'How the storm is handled: the finalisation jobs are released 150 ms early and wait for the due moment on a Node timer (Redis wakes a blocked worker only on its 100 ms server tick). ' +
        'The first job sweeps every overdue session with four batch transactions side by side, 250 sessions each (one `UPDATE … FROM (SELECT … FOR UPDATE SKIP LOCKED) RETURNING` ' +
        'and one multi-row insert of the `ExamExpired` events); the jobs due by the time that sweep began join it, and the jobs of sessions already closed find nothing to do. ' +
        'Each batch\'s 250 `exam.timeUp` pushes leave as one Redis message as soon as the batch commits (`EventPushes` listens to the commits of its own process; the API processes deliver them to their sockets), ' +
        'not after the outbox relay has queued the 1,000 grading jobs. Because a batch commits before its pushes leave, the push figures bound the commit times too.',
    );
    if (!rollingRestart && runs.some((run) => run.pushP99 > GOALS.pushP99)) {
      markdown.push(
        '',
        `The push goal is missed: last push ${runs.map((run) => ms(run.pushMax)).join(' / ')} after due, at load average ${load}. ` +
          'The learner does not wait for this push: the exam page counts down to the server deadline itself and submits at zero; the push reaches tabs whose timers slept.',
      );
    }
    if (warnings.length) markdown.push('', ...warnings.map((warning) => `> ⚠️ ${warning}`));
    return { id, title, markdown: markdown.join('\n'), figures: runs };
  } finally {
    sockets.forEach((socket) => socket.disconnect());
    for (const worker of workers) await worker.stop();
    for (const api of apis) await api.stop();
    await database.end().catch(() => undefined);
  }
}
