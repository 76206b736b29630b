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

/** The questions the second attempts shared with the first and the questions they drew, over every simulated learner. */
function overlap(drawQuestions, bank, topics, avoid) {
  let shared = 0;
  let drawn = 0;
  for (let learner = 0; learner < LEARNERS; learner += 1) {
    const first = drawQuestions(bank, topics, Math.random).map((question) => question.questionId);
    const seen = new Set(first);
    // "Blind" is the same draw with nothing seen: the draw as it was before issue 35.
    const second = drawQuestions(bank, topics, Math.random, undefined, avoid ? seen : new Set());
    shared += second.filter((question) => seen.has(question.questionId)).length;
    drawn += second.length;
  }
  return { shared, drawn };
}

/** The topic whose bank is smallest against what the exam draws from it, as "topic ×ratio" (the limit of avoidance). */
function tightestTopic(bank, topics) {
  const ratios = Object.entries(topics)
    .filter(([, count]) => count > 0)
    .map(([topic, count]) => ({ topic, ratio: bank.filter((question) => question.topic === topic).length / count }));
  if (ratios.length === 0) return '—';
  const tightest = ratios.reduce((low, next) => (next.ratio < low.ratio ? next : low));
  return `${tightest.topic} ×${tightest.ratio.toFixed(1)}`;
}

const percent = (value) => (Number.isNaN(value) ? '—' : `${(value * 100).toFixed(1)} %`);

export async function run() {
  if (process.env.BENCH_SKIP_BUILD !== '1') ensureBuilt();
  // The built server's own modules (a path by variable: the bench reads the build, not the sources).
  const fromServerBuild = (/** @type {string} */ file) => createRequire(import.meta.url)(path.join(ROOT, 'server', 'dist', file));
  const { loadContentPack } = fromServerBuild('modules/catalogue/content/load-content-pack.js');
  const { drawQuestions } = fromServerBuild('modules/certification/domain/exam-session.js');
  const pack = loadContentPack(path.join(ROOT, 'server', 'content'));

  const rows = [];
  const totals = { blind: { shared: 0, drawn: 0 }, avoiding: { shared: 0, drawn: 0 } };
  const perCourse = { blind: [], avoiding: [] };
  for (const certification of pack.certifications) {
    const { exam } = certification.course;
    const bank = certification.questions.map((question) => ({
      questionId: question.id,
      topic: question.topic,
      type: question.type,
      prompt: question.prompt,
      choices: question.choices.map((choice) => ({ text: choice.text, correct: choice.correct === true })),
    }));
    const sizes = `| ${certification.slug} | ${bank.length} | ${exam.questionCount} | ${tightestTopic(bank, exam.topics)} |`;
    let blind;
    let avoiding;
    try {
      blind = overlap(drawQuestions, bank, exam.topics, false);
      avoiding = overlap(drawQuestions, bank, exam.topics, true);
    } catch (error) {
      // A bank that cannot fill its exam at all (the server refuses to start it too): reported, not fatal.
      rows.push(`${sizes} — | — | **bank short**: ${error instanceof Error ? error.message : error} |`);
      continue;
    }
    for (const [key, counts] of /** @type {const} */ ([['blind', blind], ['avoiding', avoiding]])) {
      totals[key].shared += counts.shared;
      totals[key].drawn += counts.drawn;
      perCourse[key].push(counts.shared / counts.drawn);
    }
    const share = avoiding.shared / avoiding.drawn;
    rows.push(`${sizes} ${percent(blind.shared / blind.drawn)} | ${percent(share)} | ${share <= GOAL ? 'met' : '**not met**'} |`);
  }
  const mean = (values) => (values.length === 0 ? NaN : values.reduce((sum, value) => sum + value, 0) / values.length);
  const pooled = (counts) => (counts.drawn === 0 ? NaN : counts.shared / counts.drawn);
  const verdict = (value) => (Number.isNaN(value) ? '—' : value <= GOAL ? 'met' : '**not met**');
  const m = machine();
  const markdown = [
    `## ${title}`,
    '',
    `- Command: \`BENCH_ONLY=exam-overlap npm run bench\` (${LEARNERS.toLocaleString('en-US')} simulated learners × 2 attempts per course)`,
    `- Machine: ${m.cpuModel} × ${m.cpuCount} CPUs, ${m.totalMemGiB} GiB RAM, ${m.os}, Node ${m.node}; load average ${loadAverage()}`,
    '',
    'Each learner draws an exam, then a second one. "Blind" draws the second as every attempt was drawn before issue 35; "avoiding" gives the draw the first attempt\'s questions (`pickForTopic`: unseen questions first, seen ones only where a topic runs short). Overlap = questions of the second attempt that the first had ÷ questions drawn. Goal: ≤ 20 % per course. Avoidance can reach 0 % only where every topic holds at least twice what the exam draws from it; the tightest topic (its bank ÷ its share of the exam) bounds it.',
    '',
    '| course | bank | drawn | tightest topic (bank ÷ drawn) | blind | avoiding | goal ≤ 20 % |',
    '|---|---:|---:|---|---:|---:|---|',
    ...rows,
    `| **mean of the courses** | | | | **${percent(mean(perCourse.blind))}** | **${percent(mean(perCourse.avoiding))}** | ${verdict(mean(perCourse.avoiding))} |`,
    `| **all questions drawn** | | | | **${percent(pooled(totals.blind))}** | **${percent(pooled(totals.avoiding))}** | ${verdict(pooled(totals.avoiding))} |`,
  ].join('\n');
  return { markdown };
}
