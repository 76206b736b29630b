// Entry point of `npm run bench`: runs each benchmark module in turn and
// writes its section of docs/benchmarks.md (between <!-- bench:<id> --> and
// <!-- /bench:<id> --> markers; the rest of the file is left intact).
//
// A benchmark is a module exporting `id`, `title` and
// `run(): Promise<{ markdown: string, ... }>`; add new ones to BENCHMARKS.
//
// Env: BENCH_DOC=<path> writes somewhere other than docs/benchmarks.md; BENCH_ONLY=<id> runs one.
// See now-vs-fastify.mjs for its own overrides (BENCH_CAMPUS_CMD, …).
import path from 'node:path';
import { ROOT, cleanup, writeDocSection } from './lib.mjs';
import * as clientBundle from './client-bundle.mjs';
import * as cohortAnswerSaves from './cohort-answer-saves.mjs';
import * as eventAppend from './event-append.mjs';
import * as examOverlap from './exam-overlap.mjs';
import * as examTimeUpStorm from './exam-time-up-storm.mjs';
import * as examTimeUpStormCluster from './exam-time-up-storm-cluster.mjs';
import * as examTimeUpStormRollingRestart from './exam-time-up-storm-rolling-restart.mjs';
import * as idleSockets from './idle-sockets.mjs';
import * as learningList from './learning-list.mjs';
import * as lighthouse from './lighthouse.mjs';
import * as nowVsFastify from './now-vs-fastify.mjs';
import * as pgbouncerAnswerSaves from './pgbouncer-answer-saves.mjs';
import * as sessionRotation from './session-rotation.mjs';
import * as slideFirstPage from './slide-first-page.mjs';
import { runOnPinnedNode } from '../scripts/pinned-node.mjs';

await runOnPinnedNode();

const BENCHMARKS = [examOverlap, clientBundle, nowVsFastify, learningList, sessionRotation, slideFirstPage, eventAppend, cohortAnswerSaves, pgbouncerAnswerSaves, examTimeUpStorm, examTimeUpStormCluster, examTimeUpStormRollingRestart, idleSockets, lighthouse];

const DOC = path.resolve(ROOT, process.env.BENCH_DOC ?? 'docs/benchmarks.md');

let interrupted = false;
for (const sig of /** @type {const} */ (['SIGINT', 'SIGTERM'])) {
  process.on(sig, () => {
    if (interrupted) process.exit(130);
    interrupted = true;
    console.error(`\n[bench] ${sig}: stopping servers…`);
    cleanup().finally(() => process.exit(130));
  });
}

try {
  for (const bench of BENCHMARKS.filter((b) => !process.env.BENCH_ONLY || b.id === process.env.BENCH_ONLY)) {
    console.log(`[bench] === ${bench.title} ===`);
    const result = await bench.run();
    writeDocSection(DOC, bench.id, result.markdown);
    console.log(`\n${result.markdown}\n`);
    console.log(`[bench] wrote section "${bench.id}" of ${path.relative(process.cwd(), DOC) || DOC}`);
  }
  await cleanup();
} catch (err) {
  console.error(`[bench] failed: ${err instanceof Error ? err.message : err}`);
  await cleanup();
  process.exit(1);
}
