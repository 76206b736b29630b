// Benchmark: a cohort answering at once. N learners (default 500) each have a running Basic exam,
// started through the API; C concurrent loops (16, then 64) save answers through the whole stack
// (session cookie, rate limiter, validation, the save) while, in the same run and on the same
// database, the answer-save statement alone runs with the same concurrency. 5 % of the API's requests
// are malformed and must be refused 4xx in the envelope. A second part compares one API process with
// the scale-out of `npm run start:cluster` (nginx → 2 APIs + 2 workers).
import { spawn, spawnSync } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { ensureBuilt } from '../scripts/lib.mjs';
import { createSupervisor } from '../scripts/supervisor.mjs';
import { startCluster } from '../scale/cluster.mjs';
import { LOAD_CPU, ROOT, addCleanup, clearRedisPrefix, fmtInt, freePort, loadAverage, machine, median, pinned, startServer, startWorker, temporaryDatabase } from './lib.mjs';

export const id = 'cohort-answer-saves';
export const title = 'A cohort answering at once: answer saves through the whole stack vs the save statement alone';

const LEARNERS = Number(process.env.BENCH_COHORT_LEARNERS ?? 500);
const LOOPS = (process.env.BENCH_COHORT_LOOPS ?? '16,64').split(',').map(Number);
const SECONDS = Number(process.env.BENCH_COHORT_SECONDS ?? 20);
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const BAD_SHARE = 0.05;
const COURSE = 'line-ads-basic';
const GOALS = { ratio: 0.5, p99: 100, cluster: 1.0 };
/** Rate limits as for a cohort behind one address: every request is still counted, none refused. */
const RATE_LIMITS = 'examAnswer.perIp=100000000,examAnswer.perUser=100000,learnerWrite.perIp=100000000';

const serverRequire = createRequire(path.join(ROOT, 'server', 'package.json'));
const { Client } = serverRequire('pg');

/** One run of the cohort loader in its own process on the load CPU (not pinned when `unpinned`); its figures. */
export async function runCohortLoader(/** @type {object} */ plan, unpinned = false) {
  const file = path.join(os.tmpdir(), `campus-cohort-plan-${process.pid}.json`);
  writeFileSync(file, JSON.stringify(plan));
  const command = [process.execPath, 'infra/bench/cohort-answer-saves-loader.mjs', file];
  const [bin, ...args] = unpinned ? command : pinned(LOAD_CPU, command);
  const proc = spawn(bin, args, { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  let err = '';
  proc.stdout.on('data', (chunk) => (out += chunk));
  proc.stderr.on('data', (chunk) => (err = (err + chunk).slice(-8_000)));
  const [code] = await once(proc, 'exit');
  rmSync(file, { force: true });
  if (code !== 0) throw new Error(`load generator failed (${code}):\n${err}${out}`);
  return JSON.parse(out.trim().split('\n').pop() ?? 'null');
}

/** `work` over `items`, `parallel` at a time. */
async function inParallel(/** @type {any[]} */ items, /** @type {number} */ parallel, /** @type {(item: any) => Promise<void>} */ work) {
  let next = 0;
  await Promise.all(Array.from({ length: parallel }, async () => {
    while (next < items.length) await work(items[next++]);
  }));
}

/** Each learner accepts the terms, starts the Basic exam through the API and reads it back, as the exam page does. */
async function startExams(/** @type {string} */ baseUrl, /** @type {{ userId: string, token: string }[]} */ learners) {
  const ready = [];
  await inParallel(learners, 8, async (learner) => {
    const headers = { cookie: `campus_session=${learner.token}`, 'x-requested-with': 'XMLHttpRequest' };
    const accepted = await fetch(`${baseUrl}/api/v1/agreements/accept`, { method: 'POST', headers });
    if (!accepted.ok) throw new Error(`accepting the terms answered ${accepted.status}: ${await accepted.text()}`);
    const started = await fetch(`${baseUrl}/api/v1/certification-courses/${COURSE}/exam/start/`, { method: 'POST', headers });
    if (!started.ok) throw new Error(`exam start answered ${started.status}: ${await started.text()}`);
    const { examSessionId } = await started.json();
    const exam = await fetch(`${baseUrl}/api/v1/certification-courses/${COURSE}/exam`, { headers });
    if (!exam.ok) throw new Error(`exam read answered ${exam.status}: ${await exam.text()}`);
    const { questions } = await exam.json();
    ready.push({
      ...learner,
      examSessionId,
      questions: questions.map((/** @type {any} */ question) => ({ questionId: question.questionId, type: question.type, choiceIds: question.choices.map((/** @type {any} */ choice) => choice.choiceId) })),
    });
  });
  return ready;
}

const ms = (/** @type {number} */ value) => (Number.isFinite(value) ? `${value < 10 ? value.toFixed(1) : fmtInt(value)} ms` : 'n/a');

export async function run() {
  if (process.env.BENCH_SKIP_BUILD !== '1') ensureBuilt();
  const databaseUrl = await temporaryDatabase('campus_bench_cohort');
  if (!databaseUrl) throw new Error('this benchmark needs PostgreSQL');
  const mediaDir = mkdtempSync(path.join(os.tmpdir(), 'campus-bench-media-'));
  addCleanup(() => rmSync(mediaDir, { recursive: true, force: true }));
  addCleanup(() => rmSync(`${mediaDir}-certificates`, { recursive: true, force: true }));
  const prefix = `bench-cohort-${process.pid}`;
  addCleanup(() => clearRedisPrefix(prefix));
  const env = { ...process.env, LOG_LEVEL: 'warn', DATABASE_URL: databaseUrl, MEDIA_DIR: mediaDir, CERTIFICATE_DIR: `${mediaDir}-certificates`, REDIS_PREFIX: prefix, DEMO_SEED: 'false', RUN_WORKER_IN_PROCESS: 'false', RATE_LIMITS };

  console.log('[bench] importing the demo content pack');
  const imported = spawnSync(process.execPath, ['server/dist/content-import.js'], { cwd: ROOT, env, encoding: 'utf8' });
  if (imported.status !== 0) throw new Error(`content import failed:\n${imported.stderr}${imported.stdout}`);

  const api = await startServer({ name: 'campus API', cmd: [process.execPath, ...(process.env.BENCH_API_NODE_FLAGS ?? '').split(' ').filter(Boolean), 'server/dist/main.js'], env, readyPath: '/api/ready' });
  const worker = await startWorker({ ...env, PORT: String(api.port) });
  const database = new Client({ connectionString: databaseUrl });
  await database.connect();
  database.on('error', () => undefined);
  try {
    console.log(`[bench] creating ${LEARNERS} learners with login sessions`);
    const setup = spawnSync(process.execPath, ['infra/bench/exam-time-up-storm-setup.cjs', 'learners', String(LEARNERS)], { cwd: ROOT, env, encoding: 'utf8', maxBuffer: 64 * 2 ** 20 });
    if (setup.status !== 0) throw new Error(`learner setup failed:\n${setup.stderr}${setup.stdout}`);
    const accounts = JSON.parse(setup.stdout.trim().split('\n').pop() ?? '[]');
    const startedAt = Date.now();
    const learners = await startExams(api.baseUrl, accounts);
    const startMs = Date.now() - startedAt;
    console.log(`[bench] ${learners.length} exams started through the API in ${fmtInt(startMs)} ms`);

    const plan = (/** @type {'api' | 'statement'} */ mode, /** @type {number} */ loops, /** @type {number} */ seconds, baseUrl = api.baseUrl) => ({
      mode, baseUrl, databaseUrl, loops, durationMs: seconds * 1000, badShare: mode === 'api' ? BAD_SHARE : 0, learners,
    });
    for (const loops of LOOPS) {
      console.log(`[bench] warm-up, ${loops} loops (3 s each, discarded)`);
      await runCohortLoader(plan('api', loops, 3));
      await runCohortLoader(plan('statement', loops, 3));
    }
    /** @type {Record<number, { api: any[], statement: any[] }>} */
    const results = Object.fromEntries(LOOPS.map((loops) => [loops, { api: [], statement: [] }]));
    for (let runIndex = 0; runIndex < RUNS; runIndex++) {
      for (const loops of LOOPS) {
        for (const mode of /** @type {const} */ (['api', 'statement'])) {
          const figures = await runCohortLoader(plan(mode, loops, SECONDS));
          results[loops][mode].push({ ...figures, load: os.loadavg()[0] });
          console.log(`[bench] run ${runIndex + 1}/${RUNS} ${loops} loops ${mode.padEnd(9)} ${fmtInt(figures.perSecond).padStart(6)} saves/s p50 ${ms(figures.p50)} p99 ${ms(figures.p99)} max ${ms(figures.max)}` +
            (mode === 'api' ? ` bad ${figures.bad.sent} (4xx ${figures.bad.answered4xx}, 5xx ${figures.bad.answered5xx}, not enveloped ${figures.bad.notEnvelope})` : '') +
            (figures.transportErrors || Object.keys(figures.unexpected).length ? ` errors ${figures.transportErrors} ${JSON.stringify(figures.unexpected)}` : ''));
        }
      }
    }
    const afterMain = loadAverage();
    await worker.stop();
    await api.stop();
    const cluster = process.env.BENCH_COHORT_CLUSTER === '0' ? null : await clusterComparison(env, learners, plan);
    return { id, title, markdown: report({ results, startMs, afterMain, cluster }) };
  } finally {
    await worker.stop();
    await api.stop();
    await database.end().catch(() => undefined);
  }
}

/**
 * One API process against nginx → 2 APIs + 2 workers, nothing pinned (the cluster is there to use both
 * CPUs), the same loader at 16 loops, taking turns.
 */
async function clusterComparison(/** @type {NodeJS.ProcessEnv} */ env, /** @type {any[]} */ learners, /** @type {Function} */ plan) {
  const loops = LOOPS[0];
  const single = await startServer({ name: 'one API', cmd: [process.execPath, 'server/dist/main.js'], env, readyPath: '/api/ready' });
  const singleWorker = await startWorker({ ...env, PORT: String(single.port) });
  const { supervise, stopAll } = createSupervisor({ log: () => undefined });
  addCleanup(stopAll);
  const runDir = mkdtempSync(path.join(os.tmpdir(), 'campus-bench-nginx-'));
  addCleanup(() => rmSync(runDir, { recursive: true, force: true }));
  const listenPort = await freePort();
  const apiPorts = [await freePort(), await freePort()];
  try {
    await startCluster({ supervise, env: { ...env, PUBLIC_URL: `http://localhost:${listenPort}` }, listenPort, apiPorts, workers: 2, runDir, quiet: true });
    const targets = [
      { name: 'one API process', baseUrl: single.baseUrl },
      { name: 'nginx → 2 APIs + 2 workers', baseUrl: `http://127.0.0.1:${listenPort}` },
    ];
    for (const target of targets) await runCohortLoader(plan('api', loops, 3, target.baseUrl), true);
    /** @type {any[][]} */
    const runs = targets.map(() => []);
    for (let runIndex = 0; runIndex < RUNS; runIndex++) {
      for (const [index, target] of targets.entries()) {
        const figures = await runCohortLoader(plan('api', loops, SECONDS, target.baseUrl), true);
        runs[index].push(figures);
        console.log(`[bench] cluster run ${runIndex + 1}/${RUNS} ${target.name.padEnd(28)} ${fmtInt(figures.perSecond).padStart(6)} saves/s p99 ${ms(figures.p99)} 5xx ${figures.bad.answered5xx}`);
      }
    }
    return { loops, targets, runs, load: loadAverage() };
  } finally {
    stopAll();
    await singleWorker.stop();
    await single.stop();
  }
}

function report({ results, startMs, afterMain, cluster }) {
  const m = machine();
  const when = new Date().toISOString().replace('T', ' ').replace(/\.\d+Z$/, ' UTC');
  const met = (/** @type {boolean} */ ok) => (ok ? 'met' : '**not met**');
  const lines = [
    `## ${title}`,
    '',
    `- Date: ${when}`,
    `- Machine: ${m.cpuModel} × ${m.cpuCount} CPUs, ${m.totalMemGiB} GiB RAM, ${m.os}, Node ${m.node}; load average after the main runs ${afterMain} (1/5/15 min)`,
    `- Command: \`BENCH_ONLY=${id} npm run bench\` (\`BENCH_COHORT_LEARNERS\`, \`BENCH_COHORT_LOOPS\`, \`BENCH_COHORT_SECONDS\`, \`BENCH_RUNS\` change the settings; \`BENCH_COHORT_CLUSTER=0\` skips the cluster part)`,
    `- Setup: \`server/dist/main.js\` (API, pinned to CPU 0) and \`server/dist/worker.js\` (worker, own process) on a temporary PostgreSQL database with the demo pack, Redis for the rate-limit counters, BullMQ and the pushes; rate limits raised for one address (\`RATE_LIMITS=${RATE_LIMITS}\`): every save is still counted in Redis. ` +
      `${fmtInt(LEARNERS)} learners (rows and login sessions written by \`exam-time-up-storm-setup.cjs\`), each of whom **accepted the terms and started the Basic exam through the API** (\`POST /api/v1/agreements/accept\`, \`POST …/exam/start/\`, then \`GET …/exam\` for the questions, 8 at a time: ${fmtInt(startMs)} ms).`,
    `- Load: \`infra/bench/cohort-answer-saves-loader.mjs\`, pinned to CPU 1. C loops, each owning its own slice of the learners and saving, learner after learner, a random valid answer to a random question of their exam, for ${SECONDS} s per run. ` +
      `**full stack**: \`PUT /api/v1/exam-sessions/:id/answers/:questionId\` with the learner's cookie over keep-alive connections (undici, one per loop); ${BAD_SHARE * 100} % of these requests are malformed (an unknown question, another learner's session, another session's choice ids, a body of 1 MB + 1 KB, over the 1 MB limit) and counted apart. ` +
      '**statement alone**: the statement the save handler sends (`answerSaveStatement` of the compiled repository, rendered by drizzle and sent as the event store sends it, a named prepared statement through `runPrepared`) on a pg pool of C connections to the same database, from the loader.',
    `- One 3 s warm-up per target (discarded), then ${RUNS} runs taking turns (full stack, statement alone, for each C); latencies are of the valid saves only, from the request's start to its whole answer.`,
    '',
  ];
  const ratioOf = (/** @type {number} */ loops, /** @type {number} */ index) => results[loops].api[index].perSecond / results[loops].statement[index].perSecond;
  for (const loops of LOOPS) {
    const { api, statement } = results[loops];
    lines.push(
      `### ${loops} concurrent loops`,
      '',
      `| Run | full stack saves/s | p50 | p99 | max | statement alone saves/s | p50 | p99 | ratio | load avg (1 min) |`,
      '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
      ...api.map((figures, index) =>
        `| ${index + 1} | ${fmtInt(figures.perSecond)} | ${ms(figures.p50)} | ${ms(figures.p99)} | ${ms(figures.max)} | ${fmtInt(statement[index].perSecond)} | ${ms(statement[index].p50)} | ${ms(statement[index].p99)} | ${ratioOf(loops, index).toFixed(2)} | ${figures.load.toFixed(2)} |`),
      '',
      `Malformed saves (${fmtInt(api.reduce((sum, figures) => sum + figures.bad.sent, 0))} over the runs): ` +
        `4xx ${fmtInt(api.reduce((sum, figures) => sum + figures.bad.answered4xx, 0))}, 5xx ${api.reduce((sum, figures) => sum + figures.bad.answered5xx, 0)}, accepted ${api.reduce((sum, figures) => sum + figures.bad.accepted, 0)}, ` +
        `not in the \`{message, status, code}\` envelope ${api.reduce((sum, figures) => sum + figures.bad.notEnvelope, 0)}, connection closed by the server while the client was still sending an oversized body ${api.reduce((sum, figures) => sum + figures.bad.closedWhileSending, 0)}; statuses by kind: ` +
        Object.entries(mergeKinds(api)).map(([kind, statuses]) => `${kind} ${Object.entries(statuses).map(([status, count]) => `${status}×${fmtInt(count)}`).join(', ')}`).join('; ') +
        `. Valid saves refused or lost: ${api.reduce((sum, figures) => sum + figures.transportErrors + Object.values(figures.unexpected).reduce((a, b) => a + b, 0), 0)}.`,
      '',
    );
  }
  const first = LOOPS[0];
  const ratios = results[first].api.map((_, index) => ratioOf(first, index));
  const p99s = results[first].api.map((figures) => figures.p99);
  const badOk = LOOPS.every((loops) => results[loops].api.every((figures) => figures.bad.answered5xx === 0 && figures.bad.notEnvelope === 0 && figures.bad.accepted === 0 && figures.transportErrors === 0));
  lines.push(
    `**Full stack ÷ statement alone at ${first} loops: ${ratios.map((ratio) => ratio.toFixed(2)).join(' / ')}** (median ${median(ratios).toFixed(2)}) — goal ≥ ${GOALS.ratio} in every run: ${met(ratios.every((ratio) => ratio >= GOALS.ratio))}; ` +
      `**p99 ${p99s.map(ms).join(' / ')}** — goal ≤ ${GOALS.p99} ms in every run: ${met(p99s.every((p99) => p99 <= GOALS.p99))}; malformed saves all 4xx in the envelope, no 5xx: ${met(badOk)}.`,
  );
  if (cluster) {
    const perSecond = cluster.runs.map((runs) => median(runs.map((figures) => figures.perSecond)));
    const clusterRatios = cluster.runs[1].map((figures, index) => figures.perSecond / cluster.runs[0][index].perSecond);
    lines.push(
      '',
      `### Scale-out: one API process vs \`npm run start:cluster\`'s shape (${cluster.loops} loops)`,
      '',
      'The same database, learners and loader, nothing pinned (the cluster is there to use both CPUs): one API process with one worker, against nginx (`infra/scale/nginx.conf.template`) in front of 2 API processes with 2 workers, started by `startCluster` as `npm run start:cluster` starts them; taking turns.',
      '',
      `| Run | ${cluster.targets.map((target) => `${target.name} saves/s | p99 | malformed: 4xx / 5xx`).join(' | ')} | ratio |`,
      '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
      ...cluster.runs[0].map((figures, index) => {
        const other = cluster.runs[1][index];
        const bad = (/** @type {any} */ run) => `${fmtInt(run.bad.answered4xx)} / ${run.bad.answered5xx}`;
        return `| ${index + 1} | ${fmtInt(figures.perSecond)} | ${ms(figures.p99)} | ${bad(figures)} | ${fmtInt(other.perSecond)} | ${ms(other.p99)} | ${bad(other)} | ${clusterRatios[index].toFixed(2)} |`;
      }),
      '',
      `**Cluster ÷ one process: ${clusterRatios.map((ratio) => ratio.toFixed(2)).join(' / ')}** (medians ${fmtInt(perSecond[1])} vs ${fmtInt(perSecond[0])} saves/s) — goal ≥ ${GOALS.cluster.toFixed(1)}: ${met(clusterRatios.every((ratio) => ratio >= GOALS.cluster))}; load average after ${cluster.load}.`,
    );
  }
  return lines.join('\n');
}

/** Status counts by kind of malformed save, summed over runs. */
function mergeKinds(/** @type {any[]} */ runs) {
  /** @type {Record<string, Record<string, number>>} */
  const merged = {};
  for (const figures of runs) {
    for (const [kind, statuses] of Object.entries(figures.bad.byKind)) {
      const into = (merged[kind] ??= {});
      for (const [status, count] of Object.entries(/** @type {Record<string, number>} */ (statuses))) into[status] = (into[status] ?? 0) + count;
    }
  }
  return merged;
}
