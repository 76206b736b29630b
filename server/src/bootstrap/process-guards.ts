import { safeError } from '../core/logging/safe-error.js';

/**
 * A promise that fails with nobody awaiting it (a push while Redis is away, say) is logged, not
 * fatal. Node's default ends the process, which would turn a dependency outage into an outage of the
 * campus; the work such a promise belonged to is kept in PostgreSQL and BullMQ and is retried there.
 */
export function logStrayRejections(role: 'api' | 'worker'): void {
  process.on('unhandledRejection', (reason) => {
    // A database error's own message and stack carry its statement's values.
    const safe = safeError(reason);
    const detail = safe.stack ?? safe.message;
    console.error(`[${role}] unhandled rejection (kept running): ${detail}`);
  });
}

/**
 * SIGTERM (a deploy, a rolling restart) lets the process finish what it acknowledged: Nest closes the
 * HTTP server (no new connections, requests in flight answered), the sockets (their clients reconnect to
 * another process) and the BullMQ worker (the active jobs finish) before PostgreSQL and Redis. A job or
 * request that hangs must not keep it alive for ever: after the grace it exits, and BullMQ's stall
 * check hands that job to another worker.
 */
export function exitWhenShutdownOverruns(role: 'api' | 'worker', graceMs: number): void {
  const startGrace = (signal: NodeJS.Signals) =>
    setTimeout(() => {
      console.error(`[${role}] ${signal}: not closed within ${graceMs / 1000} s; exiting`);
      process.exit(1);
    }, graceMs).unref();
  process.once('SIGTERM', startGrace);
  process.once('SIGINT', startGrace);
}
