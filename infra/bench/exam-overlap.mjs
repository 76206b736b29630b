// Benchmark (fairness, not speed): how many questions two consecutive attempts of one learner share, per
// certification course, with the content pack's banks and the server's own draw (server/dist, built), once
// drawing blind (no previous attempt: the draw before issue 35) and once avoiding the previous attempt's questions.
import { createRequire } from 'node:module';
import path from 'node:path';
import { ensureBuilt } from '../scripts/lib.mjs';
import { ROOT, loadAverage, machine } from './lib.mjs';

export const id = 'exam-overlap';
export const title = 'Exam draw: questions shared by two consecutive attempts of one learner';

const LEARNERS = Number(process.env.BENCH_OVERLAP_LEARNERS ?? 2000);
const GOAL = 0.2;

/** Mean share of the second attempt's questions that the first attempt had drawn too. */
function meanOverlap(drawQuestions, bank, topics, avoid) {
  let shared = 0;
  let drawn = 0;
  for (let learner = 0; learner < LEARNERS; learner += 1) {
    const first = drawQuestions(bank, topics, Math.random).map((question) => question.questionId);
    const seen = new Set(first);
    const second = drawQuestions(bank, topics, Math.random, undefined, avoid ? seen : new Set());
    shared += second.filter((question) => seen.has(question.questionId)).length;
    drawn += second.length;
  }
  return shared / drawn;
}

const percent = (value) => `${(value * 100).toFixed(1)} %`;

export async function run() {
  if (process.env.BENCH_SKIP_BUILD !== '1') ensureBuilt();
  // The built server's own modules (a path by variable: the bench reads the build, not the sources).
  const fromServerBuild = (/** @type {string} */ file) => createRequire(import.meta.url)(path.join(ROOT, 'server', 'dist', file));
  const { loadContentPack } = fromServerBuild('modules/catalogue/content/load-content-pack.js');
  const { drawQuestions } = fromServerBuild('modules/certification/domain/exam-session.js');
  const pack = loadContentPack(path.join(ROOT, 'server', 'content'));

  const rows = [];
  let blindSum = 0;
  let avoidSum = 0;
  for (const certification of pack.certifications) {
    const { exam } = certification.course;
    const bank = certification.questions.map((question) => ({
      questionId: question.id,
      topic: question.topic,
      type: question.type,
      prompt: question.prompt,
      choices: question.choices.map((choice) => ({ text: choice.text, correct: choice.correct === true })),
    }));
    const blind = meanOverlap(drawQuestions, bank, exam.topics, false);
    const avoiding = meanOverlap(drawQuestions, bank, exam.topics, true);
    blindSum += blind;
    avoidSum += avoiding;
    rows.push(`| ${certification.slug} | ${bank.length} | ${exam.questionCount} | ${percent(blind)} | ${percent(avoiding)} | ${avoiding <= GOAL ? 'met' : '**not met**'} |`);
  }
  const count = pack.certifications.length;
  const overall = avoidSum / count;
  const m = machine();
  const markdown = [
    `- Command: \`BENCH_ONLY=exam-overlap npm run bench\` (${LEARNERS.toLocaleString('en-US')} simulated learners × 2 attempts per course)`,
    `- Machine: ${m.cpuModel} × ${m.cpuCount} CPUs, ${m.totalMemGiB} GiB RAM, ${m.os}, Node ${m.node}; load average ${loadAverage()}`,
    '',
    'Each learner draws an exam, then a second one. "Blind" draws the second as every attempt was drawn before issue 35; "avoiding" gives the draw the first attempt\'s questions (`pickForTopic`: unseen questions first, seen ones only where a topic runs short). Overlap = questions of the second attempt that the first had ÷ questions drawn. Goal: ≤ 20 % per course.',
    '',
    '| course | bank | drawn | blind | avoiding | goal ≤ 20 % |',
    '|---|---:|---:|---:|---:|---|',
    ...rows,
    `| **mean of the courses** | | | **${percent(blindSum / count)}** | **${percent(overall)}** | ${overall <= GOAL ? 'met' : '**not met**'} |`,
  ].join('\n');
  return { markdown };
}
