// Keeps the campus's child processes running: `npm start` (start.mjs) starts each one through here.

import { backoffDelay } from '../../server/src/contracts/backoff.mts';

/**
 * A child that exits is started again after 1 s, 2 s, 4 s … (at most 30 s; the delay falls back to
 * 1 s once the child has run for a minute), and the console says so in Japanese. Only `stopAll`
 * (Ctrl+C or SIGTERM of the script) stops the children for good.
 */
export function createSupervisor({ firstRestartMs = 1_000, longestRestartMs = 30_000, healthyRunMs = 60_000, log = console.error } = {}) {
  const supervised = [];
  let stopping = false;

  /** `start` spawns the child and returns it; `label` names it in messages, e.g. ワーカー. */
  const supervise = (label, start) => {
    const entry = { label, child: start(), startedAt: Date.now(), failures: 0, restarts: 0, timer: undefined };
    supervised.push(entry);
    const onExit = (code, signal) => {
      if (stopping) return;
      if (Date.now() - entry.startedAt > healthyRunMs) entry.failures = 0;
      entry.failures += 1;
      const delayMs = backoffDelay(entry.failures, { firstMs: firstRestartMs, maxMs: longestRestartMs });
      const how = signal ? `シグナル ${signal}` : `終了コード ${code}`;
      log(`${label}が停止しました（${how}）。${delayMs / 1000} 秒後に再起動します。`);
      entry.timer = setTimeout(() => {
        if (stopping) return;
        entry.child = start();
        entry.startedAt = Date.now();
        entry.restarts += 1;
        entry.child.on('exit', onExit);
        log(`${label}を再起動しました。`);
      }, delayMs);
    };
    entry.child.on('exit', onExit);
    return entry;
  };

  /** Stops every child (SIGTERM) and restarts none of them any more. */
  const stopAll = () => {
    stopping = true;
    for (const entry of supervised) {
      clearTimeout(entry.timer);
      if (entry.child.exitCode === null && entry.child.signalCode === null) entry.child.kill('SIGTERM');
    }
  };

  return { supervise, stopAll };
}
