/**
 * A promise that fails with nobody awaiting it (a push while Redis is away, say) is logged, not
 * fatal. Node's default ends the process, which would turn a dependency outage into an outage of the
 * campus; the work such a promise belonged to is kept in PostgreSQL and BullMQ and is retried there.
 */
export function logStrayRejections(role: 'api' | 'worker'): void {
  process.on('unhandledRejection', (reason) => {
    const detail = reason instanceof Error ? (reason.stack ?? reason.message) : String(reason);
    console.error(`[${role}] unhandled rejection (kept running): ${detail}`);
  });
}
