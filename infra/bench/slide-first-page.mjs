// Benchmark: how long a slide lesson takes to show its first slide, against the same page showing a
// one-page text PDF, in the same run (Playwright + Debian chromium, a fresh browser context per run
// so both start with a cold cache). Time = from navigation start to the first slide on screen: the
// import's picture of it, decoded, or (the one-page PDF, which has none) the page drawn on the canvas.
import { spawnSync } from 'node:child_process';
import { createWriteStream, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../scripts/chromium.mjs';
import { ensureBuilt } from '../scripts/lib.mjs';
import { ROOT, addCleanup, machine, median, startServer } from './lib.mjs';

export const id = 'slide-first-page';
export const title = 'Slide lesson: first slide on screen vs a one-page text PDF';

const LESSON_PAGE = '/line-ads/courses/line-ads-basics/lessons/account-structure';
const LESSON_API = '**/api/v1/learning-courses/line-ads-basics/lessons/account-structure';
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const GOAL = 2;

/** A one-page PDF of plain Latin text in a standard font: the smallest thing the viewer can show. */
function writeOnePageTextPdf(file) {
  const PDFDocument = createRequire(path.join(ROOT, 'server', 'package.json'))('pdfkit');
  const doc = new PDFDocument({ size: [960, 540], margin: 60 });
  const done = new Promise((resolve) => doc.on('end', resolve));
  doc.pipe(createWriteStream(file));
  doc.fontSize(40).text('Benchmark baseline', { align: 'left' });
  doc.moveDown().fontSize(24).text('One page of text in a standard PDF font.');
  doc.end();
  return done;
}

/** Milliseconds from navigation start until the viewer has drawn its first page. */
async function timeFirstSlide(browser, baseUrl, replacePdfWith) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'ja-JP' });
  const page = await context.newPage();
  if (replacePdfWith) {
    await page.route(LESSON_API, async (route) => {
      const response = await route.fetch();
      const lesson = await response.json();
      // Without the import's picture of its first slide: the viewer opens this PDF with pdf.js at once.
      await route.fulfill({ response, json: { ...lesson, pdfUrl: replacePdfWith, slidesPoster: null } });
    });
  }
  await page.goto(baseUrl + LESSON_PAGE);
  // The first slide on screen: the import's picture of it (decoded), or a page pdf.js drew on the canvas.
  const firstSlide = page.locator('.pdf-viewer__stage[aria-busy="false"] :is(img.pdf-viewer__poster, canvas:not([hidden]))').first();
  await firstSlide.waitFor({ timeout: 30_000 });
  await firstSlide.evaluate((slide) => (slide instanceof HTMLImageElement ? slide.decode() : undefined));
  const elapsed = await page.evaluate(() => performance.now());
  await context.close();
  return elapsed;
}

export async function run() {
  if (process.env.BENCH_SKIP_BUILD !== '1') ensureBuilt();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'campus-bench-slides-'));
  addCleanup(() => rmSync(dataDir, { recursive: true, force: true }));
  const env = { LOG_LEVEL: 'warn', DATA_DIR: dataDir, DATABASE_URL: '', REDIS_PREFIX: `bench-slides-${process.pid}`, DEMO_SEED: 'false' };
  const imported = spawnSync(process.execPath, ['server/dist/content-import.js'], { cwd: ROOT, env: { ...process.env, ...env }, encoding: 'utf8' });
  if (imported.status !== 0) throw new Error(`content import failed:\n${imported.stderr}${imported.stdout}`);
  mkdirSync(path.join(dataDir, 'media', 'bench'), { recursive: true });
  await writeOnePageTextPdf(path.join(dataDir, 'media', 'bench', 'one-page.pdf'));

  const campus = await startServer({ name: 'campus', cmd: [process.execPath, 'server/dist/main.js'], env, readyPath: '/api/ready' });
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS });
  try {
    const baselinePdf = `/api/v1/download?url=${encodeURIComponent(`${campus.baseUrl.replace('127.0.0.1', 'localhost')}/media/bench/one-page.pdf`)}`;
    // One warm-up each (discarded): the server's first requests and chromium's first launch.
    await timeFirstSlide(browser, campus.baseUrl, null);
    await timeFirstSlide(browser, campus.baseUrl, baselinePdf);
    const slides = [];
    const baseline = [];
    for (let i = 0; i < RUNS; i++) {
      slides.push(await timeFirstSlide(browser, campus.baseUrl, null));
      baseline.push(await timeFirstSlide(browser, campus.baseUrl, baselinePdf));
      console.log(`[bench] run ${i + 1}/${RUNS} slide deck ${slides.at(-1).toFixed(0)} ms, one-page text PDF ${baseline.at(-1).toFixed(0)} ms`);
    }
    const ratio = median(slides) / median(baseline);
    const m = machine();
    const markdown = [
      `## ${title}`,
      '',
      `- Date: ${new Date().toISOString().replace('T', ' ').replace(/\.\d+Z$/, ' UTC')}`,
      `- Machine: ${m.cpuModel} × ${m.cpuCount} CPUs, ${m.totalMemGiB} GiB RAM, ${m.os}, Node ${m.node}`,
      '- Command: `BENCH_ONLY=slide-first-page npm run bench` (or `npm run bench` for all)',
      `- Settings: \`server/dist/main.js\` on the embedded database with the demo pack; Debian chromium through Playwright, 1280×900, a fresh context per run (cold cache); one warm-up each (discarded), then ${RUNS} runs taking turns; time = \`performance.now()\` when the first slide is on screen (stage not busy; the deck's first-slide picture decoded, or for the one-page PDF, which has no picture, its page drawn on the canvas), i.e. from navigation start`,
      `- slide deck: \`${LESSON_PAGE}\` as served (an 8-slide deck rendered by the content import with the embedded Japanese font)`,
      '- one-page text PDF: the same page, its lesson answer rewritten in the browser so the viewer loads a one-page PDF of Latin text in a standard font (made with pdfkit) through the same download proxy',
      '',
      '| Run | slide deck ms | one-page text PDF ms |',
      '| --- | ---: | ---: |',
      ...slides.map((value, i) => `| ${i + 1} | ${value.toFixed(0)} | ${baseline[i].toFixed(0)} |`),
      `| **median** | **${median(slides).toFixed(0)}** | **${median(baseline).toFixed(0)}** |`,
      '',
      `**Ratio slide deck / one-page text PDF (median): ${ratio.toFixed(2)}×** — goal ≤ ${GOAL}×: **${ratio <= GOAL ? 'met' : 'not met'}**`,
    ].join('\n');
    return { id, title, markdown, ratio, met: ratio <= GOAL };
  } finally {
    await browser.close();
    await campus.stop();
  }
}
