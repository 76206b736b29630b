// Benchmark: the answer-save statement through PgBouncer (Debian's) in front of the local PostgreSQL,
// the step docs/capacity.md takes past one database's connection limit. The statement is sent as the
// event store sends it (a named prepared statement, `runPrepared`) by the cohort loader, 16 and 64
// loops, straight to PostgreSQL and through PgBouncer in session and in transaction pooling.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { ensureBuilt } from '../scripts/lib.mjs';
import { runCohortLoader } from './cohort-answer-saves.mjs';
import { ROOT, addCleanup, fmtInt, freePort, loadAverage, machine, sleep, stopProcess, temporaryDatabase } from './lib.mjs';

export const id = 'pgbouncer-answer-saves';
export const title = 'The answer-save statement through PgBouncer: session and transaction pooling';

const LEARNERS = 500;
const LOOPS = [16, 64];
const SECONDS = Number(process.env.BENCH_COHORT_SECONDS ?? 10);
/** Server connections PgBouncer keeps per database and user: fewer than the clients, as in production. */
const POOL = 10;

const serverRequire = createRequire(path.join(ROOT, 'server', 'package.json'));

function pgbouncerVersion() {
  const out = spawnSync('pgbouncer', ['--version'], { encoding: 'utf8' });
  return out.status === 0 ? out.stdout.trim().split('\n')[0] : null;
}

/** PgBouncer in `mode` on a free port in front of `databaseUrl`; its URL. */
async function startPgbouncer(/** @type {string} */ databaseUrl, /** @type {'session' | 'transaction'} */ mode) {
  const dir = mkdtempSync(path.join(os.tmpdir(), `campus-pgbouncer-${mode}-`));
  addCleanup(() => rmSync(dir, { recursive: true, force: true }));
  const port = await freePort();
  const url = new URL(databaseUrl);
  const database = url.pathname.slice(1);
  writeFileSync(path.join(dir, 'users.txt'), `"${url.username}" ""\n`);
  writeFileSync(
    path.join(dir, 'pgbouncer.ini'),
    [
      '[databases]',
      `${database} = host=${url.hostname} port=${url.port || 5432} dbname=${database}`,
      '[pgbouncer]',
      `listen_addr = 127.0.0.1`,
      `listen_port = ${port}`,
      `unix_socket_dir =`,
      `auth_type = trust`,
      `auth_file = ${path.join(dir, 'users.txt')}`,
      `pool_mode = ${mode}`,
      `default_pool_size = ${POOL}`,
      `max_client_conn = 1000`,
      `logfile = ${path.join(dir, 'pgbouncer.log')}`,
      `pidfile = ${path.join(dir, 'pgbouncer.pid')}`,
      '',
    ].join('\n'),
  );
  // As root PgBouncer wants a user to run as: the cluster's own.
  const asUser = process.getuid?.() === 0 ? ['-u', 'postgres'] : [];
  if (asUser.length) spawnSync('chown', ['-R', 'postgres', dir]);
  const proc = spawn('pgbouncer', [...asUser, path.join(dir, 'pgbouncer.ini')], { stdio: 'ignore' });
  addCleanup(() => stopProcess(proc, 2_000));
  const { Client } = serverRequire('pg');
  for (let attempt = 0; ; attempt++) {
    const client = new Client({ connectionString: `postgres://${url.username}@127.0.0.1:${port}/${database}` });
    try {
      await client.connect();
      await client.end();
      break;
    } catch (error) {
      if (attempt > 40) throw new Error(`PgBouncer (${mode}) did not answer`, { cause: error });
      await sleep(250);
    }
  }
  return { url: `postgres://${url.username}@127.0.0.1:${port}/${database}`, stop: () => stopProcess(proc, 2_000) };
}

export async function run() {
  if (process.env.BENCH_SKIP_BUILD !== '1') ensureBuilt();
  const version = pgbouncerVersion();
  if (!version) throw new Error('this benchmark needs pgbouncer (Debian: apt-get install pgbouncer)');
  const databaseUrl = await temporaryDatabase('campus_bench_pgbouncer');
  if (!databaseUrl) throw new Error('this benchmark needs PostgreSQL');
  const env = { ...process.env, LOG_LEVEL: 'warn', DATABASE_URL: databaseUrl, DEMO_SEED: 'false' };
  const imported = spawnSync(process.execPath, ['server/dist/content-import.js'], { cwd: ROOT, env, encoding: 'utf8' });
  if (imported.status !== 0) throw new Error(`content import failed:\n${imported.stderr}${imported.stdout}`);
  // Sessions started through the compiled event store (as the storm bench does): what is measured here is the statement.
  const setup = (/** @type {string[]} */ args, /** @type {string | undefined} */ input = undefined) => {
    const out = spawnSync(process.execPath, ['infra/bench/exam-time-up-storm-setup.cjs', ...args], { cwd: ROOT, env, input, encoding: 'utf8', maxBuffer: 64 * 2 ** 20 });
    if (out.status !== 0) throw new Error(`setup failed:\n${out.stderr}`);
    return JSON.parse(out.stdout.trim().split('\n').pop() ?? 'null');
  };
  const accounts = setup(['learners', String(LEARNERS)]);
  const sessions = setup(['exams', String(Date.now() + 3_600_000)], JSON.stringify(accounts.map((/** @type {any} */ account) => account.userId)));
  const { Client } = serverRequire('pg');
  const database = new Client({ connectionString: databaseUrl });
  await database.connect();
  const { rows } = await database.query('select id, user_id, questions from exam_sessions');
  await database.end();
  const learners = rows.map((/** @type {any} */ row) => ({
    userId: row.user_id,
    token: '',
    examSessionId: row.id,
    questions: row.questions.map((/** @type {any} */ question) => ({ questionId: question.questionId, type: question.type, choiceIds: question.choices.map((/** @type {any} */ choice) => choice.choiceId) })),
  }));
  console.log(`[bench] ${sessions.length} running sessions`);

  const targets = [{ name: 'PostgreSQL directly', url: databaseUrl, stop: async () => undefined }];
  for (const mode of /** @type {const} */ (['session', 'transaction'])) targets.push({ name: `PgBouncer, ${mode} pooling`, ...(await startPgbouncer(databaseUrl, mode)) });
  /** @type {Record<string, Record<number, any>>} */
  const results = {};
  try {
    for (const target of targets) {
      for (const loops of LOOPS) {
        const figures = await runCohortLoader({ mode: 'statement', databaseUrl: target.url, loops, durationMs: SECONDS * 1000, badShare: 0, learners });
        (results[target.name] ??= {})[loops] = figures;
        const errors = Object.values(figures.unexpected).reduce((a, b) => a + b, 0);
        console.log(`[bench] ${target.name.padEnd(30)} ${loops} loops ${fmtInt(figures.perSecond).padStart(6)} saves/s p99 ${figures.p99?.toFixed?.(1)} ms errors ${errors} ${JSON.stringify(figures.unexpected).slice(0, 200)}`);
      }
    }
  } finally {
    for (const target of targets) await target.stop();
  }
  const m = machine();
  const when = new Date().toISOString().replace('T', ' ').replace(/\.\d+Z$/, ' UTC');
  const cell = (/** @type {any} */ figures) => {
    const errors = Object.entries(figures.unexpected);
    return `${fmtInt(figures.perSecond)} | ${Number.isFinite(figures.p99) ? `${figures.p99.toFixed(1)} ms` : 'n/a'} | ${errors.length ? errors.map(([message, count]) => `${fmtInt(count)} × “${message}”`).join('; ') : '0'}`;
  };
  const markdown = [
    `## ${title}`,
    '',
    `- Date: ${when}`,
    `- Machine: ${m.cpuModel} × ${m.cpuCount} CPUs, ${m.totalMemGiB} GiB RAM, ${m.os}, Node ${m.node}; load average after the run ${loadAverage()} (1/5/15 min)`,
    `- Command: \`BENCH_ONLY=${id} npm run bench\``,
    `- Setup: a temporary database with the demo pack; ${LEARNERS} running Basic exams started through the compiled event store; the cohort loader (\`cohort-answer-saves-loader.mjs\`, statement mode, pinned to CPU 1) sends the answer-save statement as the event store does (named prepared statement) on a pg pool of one connection per loop, ${SECONDS} s per row. ` +
      `PgBouncer: ${version} from Debian, \`default_pool_size = ${POOL}\` server connections, \`max_client_conn = 1000\`.`,
    '',
    '| Target | loops | saves/s | p99 | errors |',
    '| --- | ---: | ---: | ---: | --- |',
    ...targets.flatMap((target) => LOOPS.map((loops) => `| ${target.name} | ${loops} | ${cell(results[target.name][loops])} |`)),
    '',
    `Reading it: session pooling gives a client a server connection for the client's whole life, so ${POOL} of the loader's connections are served and the others wait (their saves are not counted): it saves no connections for a pool that stays open, as the campus's do. ` +
      'Transaction pooling shares the server connections per statement, but this PgBouncer does not follow named prepared statements across them: a client finds its statement missing on another server connection, or a name already taken there by another client. ' +
      'PgBouncer 1.21 and later track them (`max_prepared_statements`); with an older one, use session pooling or none.',
  ];
  return { id, title, markdown: markdown.join('\n') };
}
