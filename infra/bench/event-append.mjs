// Benchmark: the event store's append with 16 concurrent clients against a plain INSERT of the same row,
// in the same run, on a fresh PostgreSQL database. The event store is the compiled one (server/dist):
// one transaction per commit, the append checked against the stream's version (the unique index
// events_stream_version_key) and the row inserted unrelayed, which makes it the outbox row. The hot
// path is an answer save (AnswerSaved); two reference rows show the cost of waking the relay: an event
// with its own reaction (ExamSubmitted: one NOTIFY after commit, shared by the commits meanwhile), and
// the store as it was before, with pg_notify inside every transaction.
import { randomUUID } from 'node:crypto';
import { createRequire } from 'node:module';
import path from 'node:path';
import { ensureBuilt } from '../scripts/lib.mjs';
import { ROOT, fmtInt, loadAverage, machine, median, temporaryDatabase } from './lib.mjs';

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
  const store = EventStore.withoutInProcessBus(connection);

  class AnswerSaved extends DomainEvent {
    type = 'AnswerSaved';
  }
  class ExamSubmitted extends DomainEvent {
    type = 'ExamSubmitted';
  }
  const data = { questionId: 'q-07', choiceIds: ['c-2'] };
  const meta = { actorId: randomUUID(), requestId: randomUUID(), correlationId: randomUUID(), causationId: null };

  /** Each client owns a stream and knows its version, as a handler that has just read it. */
  const appendVia = (/** @type {'none' | 'inside'} */ notify, /** @type {new (data: unknown) => unknown} */ Event) => () => {
    const streamId = randomUUID();
    let version = 0;
    return async () => {
      await store.commit(meta, async ({ tx, append }) => {
        await append({ streamType: 'exam-session', streamId, expectedVersion: version }, [new Event(data)]);
        // What EventStore.commit did before: a NOTIFY in the transaction, serialising every commit.
        if (notify === 'inside') await tx.execute(sql`select pg_notify('campus_events_bench', '')`);
      });
      version += 1;
    };
  };
  const targets = [
    {
      name: 'plain INSERT',
      describe: 'one autocommit `insert into events (id, stream_type, stream_id, version, type, data, meta) values ($1…$7)` of the same row per operation, on the same pool',
      client: () => {
        const streamId = randomUUID();
        let version = 0;
        return async () => {
          version += 1;
          await pool.query('insert into events (id, stream_type, stream_id, version, type, data, meta) values ($1, $2, $3, $4, $5, $6, $7)', [
            randomUUID(), 'exam-session', streamId, version, 'AnswerSaved', JSON.stringify(data), JSON.stringify(meta),
          ]);
        };
      },
    },
    {
      name: 'event store (AnswerSaved)',
      describe: '`EventStore.commit` + `append` of one AnswerSaved at the expected version: begin, one insert (`jsonb_to_recordset`, returning seq), commit; no NOTIFY (its only reaction is the admin stream; the relay\'s poll finds it)',
      client: appendVia('none', AnswerSaved),
    },
    {
      name: 'event store (ExamSubmitted)',
      describe: 'the same with an event that has a reaction of its own: after commit one `pg_notify` in its own statement, at most one in flight (commits meanwhile share the next)',
      client: appendVia('none', ExamSubmitted),
    },
    {
      name: 'before: NOTIFY in the transaction',
      describe: 'the same AnswerSaved commit with `select pg_notify(…)` inside the transaction, as every commit did before (reference)',
      client: appendVia('inside', AnswerSaved),
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
        console.log(`[bench] run ${runIndex + 1}/${RUNS} ${target.name.padEnd(36)} ${fmtInt(perSecond).padStart(8)} appends/s`);
      }
    }
    const medians = results.map(median);
    const ratios = medians.map((value) => value / medians[0]);
    const load = loadAverage();
    const m = machine();
    const when = new Date().toISOString().replace('T', ' ').replace(/\.\d+Z$/, ' UTC');
    const met = ratios[1] >= GOAL;
    const names = targets.map((target) => target.name);
    const markdown = [
      `## ${title}`,
      '',
      `- Date: ${when}`,
      `- Machine: ${m.cpuModel} × ${m.cpuCount} CPUs, ${m.totalMemGiB} GiB RAM, ${m.os}, Node ${m.node}; load average after the run ${load} (1/5/15 min)`,
      '- Command: `BENCH_ONLY=event-append npm run bench` (`BENCH_APPEND_CLIENTS`, `BENCH_APPEND_SECONDS`, `BENCH_RUNS` change the settings)',
      `- Settings: the shared PostgreSQL (its configuration untouched), a fresh temporary database with the migrations; ${CLIENTS} concurrent clients in one Node process on a pg pool of ${CLIENTS}, ` +
        `each appending to its own stream; a 1 s warm-up per target (discarded), then ${RUNS} runs of ${DURATION_MS / 1000} s per target taking turns; medians. No relay runs, so every row stays unrelayed (in the partial index), for all targets alike.`,
      ...targets.map((target) => `- ${target.name}: ${target.describe}`),
      '',
      `| Run | ${names.map((name) => `${name} /s`).join(' | ')} |`,
      `| --- | ${names.map(() => '---:').join(' | ')} |`,
      ...results[0].map((_, i) => `| ${i + 1} | ${results.map((rs) => fmtInt(rs[i])).join(' | ')} |`),
      `| **median** | ${medians.map((value) => `**${fmtInt(value)}**`).join(' | ')} |`,
      `| ratio to plain INSERT | ${ratios.map((ratio) => ratio.toFixed(2)).join(' | ')} |`,
      '',
      `**Ratio event store (AnswerSaved) / plain INSERT (median): ${ratios[1].toFixed(2)}** — goal ≥ ${GOAL.toFixed(2)}: **${met ? 'met' : 'not met'}**`,
    ];
    return { id, title, markdown: markdown.join('\n'), ratio: ratios[1], met };
  } finally {
    await connection.close();
  }
}
