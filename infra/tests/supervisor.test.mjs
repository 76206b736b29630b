// The restart policy of `npm start`: a crashed child comes back with growing delays, and only
// stopping the script stops it (infra/scripts/supervisor.mjs).
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { test } from 'node:test';
import { createSupervisor } from '../scripts/supervisor.mjs';

const crashAfter = (ms) => spawn(process.execPath, ['-e', `setTimeout(() => process.exit(1), ${ms})`], { stdio: 'ignore' });
const runForever = () => spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' });

const waitUntil = async (check, timeoutMs = 10_000) => {
  for (const until = Date.now() + timeoutMs; Date.now() < until; await new Promise((resolve) => setTimeout(resolve, 20))) if (check()) return;
  throw new Error('timed out');
};

test('a crashing worker is restarted with doubling delays and the console says so in Japanese', async () => {
  const lines = [];
  const { supervise, stopAll } = createSupervisor({ firstRestartMs: 50, longestRestartMs: 200, log: (line) => lines.push(line) });
  const entry = supervise('ワーカー', () => crashAfter(10));
  await waitUntil(() => entry.restarts >= 4);
  stopAll();
  assert.equal(lines[0], 'ワーカーが停止しました（終了コード 1）。0.05 秒後に再起動します。');
  assert.equal(lines[1], 'ワーカーを再起動しました。');
  const delays = lines.filter((line) => line.includes('後に再起動')).map((line) => Number(/。([\d.]+) 秒後/.exec(line)[1]));
  assert.deepEqual(delays.slice(0, 4), [0.05, 0.1, 0.2, 0.2]);
});

test('a killed child is named with its signal, and stopping the script stops it for good', async () => {
  const lines = [];
  const { supervise, stopAll } = createSupervisor({ firstRestartMs: 20, log: (line) => lines.push(line) });
  const entry = supervise('API', runForever);
  entry.child.kill('SIGKILL');
  await waitUntil(() => entry.restarts === 1);
  assert.equal(lines[0], 'APIが停止しました（シグナル SIGKILL）。0.02 秒後に再起動します。');
  const running = entry.child;
  const exited = once(running, 'exit');
  stopAll();
  await exited;
  // Longer than the restart delay: a restart would have happened by now.
  await new Promise((resolve) => setTimeout(resolve, 100));
  assert.equal(entry.restarts, 1);
  assert.equal(entry.child, running);
});
