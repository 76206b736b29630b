import { safeError } from '../common/logging/safe-error.js';

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
