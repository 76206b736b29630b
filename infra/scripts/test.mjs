// `npm test`: every check of the project, in order, with one closing line `N passed, N failed`
// summed over all runners (lint, typecheck, jest unit + integration, build, PGlite smoke, Playwright).
import { spawn } from 'node:child_process';
import { closeSync, mkdirSync, openSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { runPlaywrightGroups } from './e2e-run.mjs';
import { ensureInstalled, ensureLocalRedis, ROOT, run } from './lib.mjs';
import { runOnPinnedNode } from './pinned-node.mjs';

await runOnPinnedNode();

const REPORTS = path.join(ROOT, '.tmp', 'test-reports');
/** Integration specs that stop PostgreSQL or Redis or kill processes (server/test/support/private-services.ts). */
const DRILLS = '/(drill-|drills-|graceful-shutdown)[^/]*$';
const totals = { passed: 0, failed: 0 };
const summary = [];
/** When the step being recorded began: each summary line says how long its step took, to see where the time goes. */
let stepStartedAt = Date.now();
const began = () => (stepStartedAt = Date.now());

function record(name, passed, failed, startedAt = stepStartedAt) {
  totals.passed += passed;
  totals.failed += failed;
  const seconds = Math.round((Date.now() - startedAt) / 1000);
  summary.push(`${failed === 0 ? '✔' : '✘'} ${name}: ${passed} passed, ${failed} failed (${seconds} s)`);
  stepStartedAt = Date.now();
}

function step(name, command, args, options) {
  began();
  console.log(`\n=== ${name} ===`);
  const ok = run(command, args, options) === 0;
  record(name, ok ? 1 : 0, ok ? 0 : 1);
  return ok;
}

/** Where a step's report or log goes: one file per step, named after it. */
const reportFile = (name, extension) => path.join(REPORTS, `${name.replace(/\W+/g, '-')}.${extension}`);

const readJson = (file) => {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
};

/** Jest's counts from its JSON report; a suite that fails to load has no tests but is still a failure. */
function recordJest(name, output, status, startedAt) {
  const report = readJson(output);
  if (!report) return record(name, 0, 1, startedAt);
  const brokenSuites = report.numRuntimeErrorTestSuites ?? 0;
  record(name, report.numPassedTests, report.numFailedTests + brokenSuites + (status !== 0 && report.numFailedTests === 0 && brokenSuites === 0 ? 1 : 0), startedAt);
}

const jestArgs = (name, config, extraArgs) => {
  const output = reportFile(name, 'json');
  return { output, args: ['jest', '-c', config, '--json', `--outputFile=${output}`, ...extraArgs] };
};

function jest(name, workspace, config, extraArgs = [], env = {}) {
  began();
  console.log(`\n=== ${name} ===`);
  const { output, args } = jestArgs(name, config, extraArgs);
  const status = run('npx', args, { cwd: path.join(ROOT, workspace), env: { ...process.env, ...env } });
  recordJest(name, output, status);
}

/**
 * A command in the background, for work that can overlap the next step: its output goes to a file,
 * printed whole when `finish` is awaited, so the two steps' lines do not mix. Straight into the file,
 * not through a pipe: the step beside it blocks this process (spawnSync), and a pipe nobody reads
 * would stall the command once full.
 */
function inBackground(name, command, args, cwd = ROOT, env = {}) {
  const logFile = reportFile(name, 'log');
  const log = openSync(logFile, 'w');
  const child = spawn(command, args, { cwd, env: { ...process.env, ...env }, stdio: ['ignore', log, log] });
  closeSync(log);
  const exited = new Promise((resolve) => child.on('close', (code) => resolve(code ?? 1)));
  return async () => {
    const status = await exited;
    console.log(`\n=== ${name} (ran beside the step before) ===`);
    console.log(readFileSync(logFile, 'utf8'));
    return status;
  };
}

function stepInBackground(name, command, args) {
  const startedAt = Date.now();
  const finish = inBackground(name, command, args);
  return async () => {
    const ok = (await finish()) === 0;
    record(name, ok ? 1 : 0, ok ? 0 : 1, startedAt);
  };
}

function jestInBackground(name, workspace, config, extraArgs = [], env = {}) {
  const startedAt = Date.now();
  const { output, args } = jestArgs(name, config, extraArgs);
  const finish = inBackground(name, 'npx', args, path.join(ROOT, workspace), env);
  return async () => recordJest(name, output, await finish(), startedAt);
}

function nodeTest(name, file) {
  began();
  console.log(`\n=== ${name} ===`);
  const output = reportFile(name, 'tap');
  const status = run(process.execPath, ['--test', '--test-reporter=spec', '--test-reporter-destination=stdout', '--test-reporter=tap', `--test-reporter-destination=${output}`, file]);
  let tap = '';
  try {
    tap = readFileSync(output, 'utf8');
  } catch {
    /* no report: counted below */
  }
  const count = (label) => Number(tap.match(new RegExp(`^# ${label} (\\d+)$`, 'm'))?.[1] ?? 0);
  const passed = count('pass');
  const failed = count('fail') + (status !== 0 && count('fail') === 0 ? 1 : 0);
  record(name, passed, failed);
}

/**
 * The browser specs run on two campuses side by side (e2e-run.mjs), about half of the time each by the
 * last run's figures; a spec not named here (a new one) runs on the first. Within a campus they keep
 * file order, the demo accounts' specs one at a time, as playwright.config.ts says.
 */
const SECOND_CAMPUS_SPECS = ['exam-accommodations', 'exams', 'layout', 'learner-home', 'lessons', 'page-metadata', 'shell', 'studio-certification', 'truthful-pages'];

async function playwright() {
  const startedAt = began();
  console.log('\n=== end-to-end (Playwright, Debian chromium-headless-shell, two campuses) ===');
  const all = readdirSync(path.join(ROOT, 'client', 'e2e')).filter((file) => file.endsWith('.spec.ts')).map((file) => file.slice(0, -'.spec.ts'.length));
  const second = all.filter((name) => SECOND_CAMPUS_SPECS.includes(name));
  const groups = [
    { name: 'campus-1', specs: all.filter((name) => !second.includes(name)) },
    { name: 'campus-2', specs: second },
  ].map(({ name, specs }) => ({ name, specs: specs.map((spec) => `client/e2e/${spec}.spec.ts`) }));
  const output = (name) => path.join(REPORTS, `playwright-${name}.json`);
  const statuses = await runPlaywrightGroups(groups, (name) => ({ PLAYWRIGHT_JSON_OUTPUT_NAME: output(name) }), (name) => reportFile(`end-to-end ${name}`, 'log'));
  groups.forEach(({ name }, index) => {
    console.log(`\n=== end-to-end, ${name} ===`);
    console.log(readFileSync(reportFile(`end-to-end ${name}`, 'log'), 'utf8'));
    const stats = readJson(output(name))?.stats;
    if (!stats) return record(`end-to-end (${name})`, 0, 1, startedAt);
    record(`end-to-end (${name})`, stats.expected + stats.flaky, stats.unexpected + (statuses[index] !== 0 && stats.unexpected === 0 ? 1 : 0), startedAt);
  });
}

const runStartedAt = Date.now();

async function main() {
  ensureInstalled();
  rmSync(REPORTS, { recursive: true, force: true });
  mkdirSync(REPORTS, { recursive: true });
  await ensureLocalRedis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379');

  // Each is one process on one core: side by side on a machine with two.
  const typecheck = stepInBackground('typecheck', 'npm', ['run', '--silent', 'typecheck']);
  step('lint', 'npm', ['run', '--silent', 'lint']);
  await typecheck();
  nodeTest('npm start supervisor', 'infra/tests/supervisor.test.mjs');
  nodeTest('artwork templates (badges, course images)', 'infra/tests/art.test.mjs');
  nodeTest('docker-compose.yml against README', 'infra/tests/compose.test.mjs');
  nodeTest('dependency review (docs/security.md) against node_modules', 'infra/tests/dependency-review.test.mjs');
  // ESM-only packages (pdf.js, which the content import draws slide pictures with) load through jest's VM modules.
  const serverJestEnv = { NODE_OPTIONS: '--experimental-vm-modules --no-warnings=ExperimentalWarning' };
  jest('server unit', 'server', 'jest.config.js', [], serverJestEnv);
  jest('client unit', 'client', 'jest.config.cjs');
  const built = step('build', 'npm', ['run', 'build']);
  // The fault drills spend most of their time waiting for outages to start and end (private PostgreSQL
  // and Redis, killed and restarted processes, free ports of their own): they run beside the other
  // integration specs, each run with its own dev IdP.
  const drills = jestInBackground('fault drills', 'server', 'jest.int.config.js', ['--runInBand', '--testPathPatterns', DRILLS], serverJestEnv);
  jest('server integration', 'server', 'jest.int.config.js', ['--runInBand', '--testPathIgnorePatterns', DRILLS], serverJestEnv);
  await drills();
  if (built) {
    nodeTest('embedded smoke (PGlite)', 'infra/tests/embedded-smoke.test.mjs');
    nodeTest('HTTP fuzz (PostgreSQL, seeded)', 'infra/tests/fuzz.test.mjs');
    nodeTest('cluster behind nginx (two APIs, two workers)', 'infra/tests/cluster.test.mjs');
    await playwright();
  } else {
    record('embedded smoke and end-to-end (build failed)', 0, 1);
  }

  console.log(`\n${summary.join('\n')}`);
  console.log(`whole run: ${Math.round((Date.now() - runStartedAt) / 60_000 * 10) / 10} min`);
  console.log(`${totals.passed} passed, ${totals.failed} failed`);
  process.exit(totals.failed === 0 ? 0 : 1);
}

main().catch((error) => {
  console.error(error);
  console.log(`${totals.passed} passed, ${totals.failed + 1} failed`);
  process.exit(1);
});
