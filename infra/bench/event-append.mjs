// Benchmark: the event store's append with 16 concurrent clients against a plain INSERT of the same row,
// in the same run, on a fresh PostgreSQL database. The event store is the compiled one (server/dist):
// the append checked against the stream's version (the unique index events_stream_version_key) and the
// row inserted unrelayed, which makes it the outbox row. The hot path is an answer save (AnswerSaved),
// one autocommitted statement; reference rows show it with its read-table write, the transactional
// commit() other commands use, waking the relay (ExamSubmitted: one NOTIFY after commit), and the store
// as it was before, with pg_notify inside every transaction.
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { createRequire } from 'node:module';
import path from 'node:path';
import { ensureBuilt } from '../scripts/lib.mjs';
import { ROOT, addCleanup, fmtInt, loadAverage, machine, median, stopProcess, temporaryDatabase } from './lib.mjs';

export const id = 'event-append';
export const title = 'Event store append vs plain INSERT (16 concurrent clients, PostgreSQL)';

const CLIENTS = Number(process.env.BENCH_APPEND_CLIENTS ?? 16);
const DURATION_MS = Number(process.env.BENCH_APPEND_SECONDS ?? 5) * 1000;
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const GOAL = 0.5;

const serverRequire = createRequire(path.join(ROOT, 'server', 'package.json'));

export async function run() {
  if (process.env.BENCH_SKIP_BUILD !== '1') ensureBuilt();
  const databaseUrl = await temporaryDatabase('campus_bench_append');
  if (!databaseUrl) throw new Error('this benchmark needs PostgreSQL');
  serverRequire('reflect-metadata');
  const { openDatabase } = serverRequire('./dist/database/connection.js');
  const { EventStore, DomainEvent } = serverRequire('./dist/database/event-store.js');
  const { sql } = serverRequire('drizzle-orm');
  const connection = await openDatabase({ kind: 'postgres', url: databaseUrl, poolSize: CLIENTS });
  await connection.migrate();
  const pool = connection.db.$client;
  const store = new EventStore(connection);

  class AnswerSaved extends DomainEvent {
    type = 'AnswerSaved';
  }
  class ExamSubmitted extends DomainEvent {
    type = 'ExamSubmitted';
  }
  /** The compiled event class, as the handlers construct it. */
  const answerSaved = (/** @type {new (data: unknown) => any} */ (AnswerSaved));
  const data = { questionId: 'q-07', choiceIds: ['c-2'] };
  const meta = { actorId: randomUUID(), requestId: randomUUID(), correlationId: randomUUID(), causationId: null };

  // A read table for the gated append: one row per client, as an exam session row per learner.
  await pool.query('create table bench_sessions (id uuid primary key, answers jsonb not null, stream_version int not null)');

  /** Each client owns a stream and knows its version, as a handler that has just read it. */
  const client = (/** @type {(streamId: string, version: number) => Promise<void>} */ appendAt) => () => {
    const streamId = randomUUID();
    let version = 0;
    return async () => {
      await appendAt(streamId, version);
      version += 1;
    };
  };
  /** The hot path's append (`appendGated`, one entry): gated on the read-table write, or on the version the client knows. */
  const inOneStatement = (/** @type {boolean} */ gated) =>
    client(async (streamId, version) => {
      if (gated && version === 0) await pool.query(`insert into bench_sessions values ($1, '{}', 0)`, [streamId]);
      const entry = { meta, streamId, event: new answerSaved(data), gate: { answer: { [data.questionId]: data.choiceIds }, version: version + 1 } };
      const [stored] = await store.appendGated('exam-session', [entry], gated ? sessionGate : versionGate);
      if (!stored) throw new Error('the gated append wrote nothing');
    });
  const versionGate = sql`select input.stream_id, (input.gate ->> 'version')::int as version from input`;
  const sessionGate = sql`update bench_sessions set answers = bench_sessions.answers || (input.gate -> 'answer'), stream_version = bench_sessions.stream_version + 1
                            from input where bench_sessions.id = input.stream_id::uuid returning input.stream_id, bench_sessions.stream_version as version`;
  const inTransaction = (/** @type {'none' | 'inside'} */ notify, /** @type {new (data: unknown) => unknown} */ Event) =>
    client((streamId, version) =>
      store.commit(meta, async ({ tx, append }) => {
        await append({ streamType: 'exam-session', streamId, expectedVersion: version }, [new Event(data)]);
        // What EventStore.commit did before: a NOTIFY in the transaction, serialising every commit.
        if (notify === 'inside') await tx.execute(sql`select pg_notify('campus_events_bench', '')`);
      }),
    );
  const targets = [
    {
      name: 'plain INSERT',
      describe: 'one autocommit `insert into events (id, stream_type, stream_id, version, type, data, meta) values ($1…$7)` of the same row per operation, on the same pool',
      client: client(async (streamId, version) => {
        await pool.query('insert into events (id, stream_type, stream_id, version, type, data, meta) values ($1, $2, $3, $4, $5, $6, $7)', [
          randomUUID(), 'exam-session', streamId, version + 1, 'AnswerSaved', JSON.stringify(data), JSON.stringify(meta),
        ]);
      }),
    },
    {
      name: 'event store append',
      describe: '`EventStore.appendGated` of one AnswerSaved at the version the client knows (its gate only reads that version from the input row): one autocommitted `with input as (… jsonb_to_recordset …), gate as (…) insert … returning`, sent as a named prepared statement (`runPrepared`), checked by the unique index `events_stream_version_key`, the row unrelayed (the outbox row); no NOTIFY (no job reacts to it)',
      client: inOneStatement(false),
    },
    {
      name: 'answer save (append gated on its read-table write)',
      describe: 'the shape of the statement `SaveAnswerHandler` sends for one answer: `appendGated` after the session-row update it goes with (`gate as (update … set answers = … || input.gate -> \'answer\', stream_version = stream_version + 1 from input where id = input.stream_id returning …)`), on a one-row-per-client table',
      client: inOneStatement(true),
    },
    {
      name: 'commit() transaction',
      describe: '`EventStore.commit` + `append`, as multi-statement commands use it: begin, the same insert, commit',
      client: inTransaction('none', AnswerSaved),
    },
    {
      name: 'commit() of an event with a reaction',
      describe: 'the same with ExamSubmitted, which has a reaction of its own: after commit one `pg_notify` in its own statement, at most one in flight (commits meanwhile share the next)',
      client: inTransaction('none', ExamSubmitted),
    },
    {
      name: 'before: NOTIFY in the transaction',
      describe: 'the commit() transaction with `select pg_notify(…)` inside it, as every commit did before (reference)',
      client: inTransaction('inside', AnswerSaved),
    },
  ];

  /** CLIENTS loops for `ms`; operations per second. */
  const measure = async (/** @type {typeof targets[number]} */ target, /** @type {number} */ ms) => {
    const until = Date.now() + ms;
    const started = Date.now();
    let done = 0;
    await Promise.all(
      Array.from({ length: CLIENTS }, async () => {
        const operation = target.client();
        while (Date.now() < until) {
          await operation();
          done += 1;
        }
      }),
    );
    return (done * 1000) / (Date.now() - started);
  };

  // The goal must hold on a busy machine: one CPU-bound process (a busy loop, not pinned) runs beside the whole measurement.
  const busy = spawn(process.execPath, ['-e', 'for (;;);'], { stdio: 'ignore' });
  addCleanup(() => stopProcess(busy, 1_000));
  try {
    for (const target of targets) {
      console.log(`[bench] warm-up ${target.name} (1 s, discarded)`);
      await measure(target, 1000);
    }
    /** @type {number[][]} */
    const results = targets.map(() => []);
    for (let runIndex = 0; runIndex < RUNS; runIndex++) {
      for (const [k, target] of targets.entries()) {
        const perSecond = await measure(target, DURATION_MS);
        results[k].push(perSecond);
        console.log(`[bench] run ${runIndex + 1}/${RUNS} ${target.name.padEnd(52)} ${fmtInt(perSecond).padStart(8)} appends/s`);
      }
    }
    await stopProcess(busy, 1_000);
    const medians = results.map(median);
    /** Each run's append against the plain INSERT of the same run: the goal is met only when every run meets it. */
    const runRatios = results[1].map((perSecond, index) => perSecond / results[0][index]);
    const ratios = medians.map((value) => value / medians[0]);
    const load = loadAverage();
    const m = machine();
    const when = new Date().toISOString().replace('T', ' ').replace(/\.\d+Z$/, ' UTC');
    const met = runRatios.every((ratio) => ratio >= GOAL);
    const names = targets.map((target) => target.name);
    const markdown = [
      `## ${title}`,
      '',
      `- Date: ${when}`,
      `- Machine: ${m.cpuModel} × ${m.cpuCount} CPUs, ${m.totalMemGiB} GiB RAM, ${m.os}, Node ${m.node}; load average after the run ${load} (1/5/15 min)`,
      '- Command: `BENCH_ONLY=event-append npm run bench` (`BENCH_APPEND_CLIENTS`, `BENCH_APPEND_SECONDS`, `BENCH_RUNS` change the settings)',
      `- Settings: the shared PostgreSQL (its configuration untouched), a fresh temporary database with the migrations; ${CLIENTS} concurrent clients in one Node process on a pg pool of ${CLIENTS}, ` +
        `each appending to its own stream; a 1 s warm-up per target (discarded), then ${RUNS} runs of ${DURATION_MS / 1000} s per target taking turns; medians. No relay runs, so every row stays unrelayed (in the partial index), for all targets alike. ` +
        '**The machine is kept under load**: a CPU-bound process (`node -e "for (;;);"`, not pinned) runs beside the whole measurement.',
      ...targets.map((target) => `- ${target.name}: ${target.describe}`),
      '',
      `| Run | ${names.map((name) => `${name} /s`).join(' | ')} |`,
      `| --- | ${names.map(() => '---:').join(' | ')} |`,
      ...results[0].map((_, i) => `| ${i + 1} | ${results.map((rs) => fmtInt(rs[i])).join(' | ')} |`),
      `| **median** | ${medians.map((value) => `**${fmtInt(value)}**`).join(' | ')} |`,
      `| ratio to plain INSERT | ${ratios.map((ratio) => ratio.toFixed(2)).join(' | ')} |`,
      '',
      `**Ratio event store append / plain INSERT, run by run: ${runRatios.map((ratio) => ratio.toFixed(2)).join(' / ')}** (medians: ${ratios[1].toFixed(2)}) — goal ≥ ${GOAL.toFixed(2)} in every run, beside a CPU-bound process: **${met ? 'met' : 'not met'}**; the answer save's shape, with its read-table write in the same statement: ${ratios[2].toFixed(2)}`,
    ];
    return { id, title, markdown: markdown.join('\n'), ratio: ratios[1], met };
  } finally {
    await connection.close();
  }
}
