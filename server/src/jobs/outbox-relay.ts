import { BeforeApplicationShutdown, Inject, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { sql } from 'drizzle-orm';
import { isDependencyUnavailable } from '../core/errors/dependency-unavailable.js';
import { JobCatalogue } from './job-catalogue.js';
import { JobQueue } from './job-queue.js';
import { CommitSignal, EVENTS_CHANNEL } from './commit-signal.js';
import { type DatabaseConnection, rowsOf, type Transaction } from '../database/connection.js';
import { DATABASE_CONNECTION } from '../database/database.tokens.js';
import { type EventRow, toStoredEvent } from '../database/event-row.js';
import type { StoredEvent } from '../database/event-store.js';

const BATCH_SIZE = 200;
/**
 * Events with a reaction of their own wake the relay after commit (`CommitSignal`); the rest (answer
 * saves, which no job reacts to) and any lost wake-up are found by this poll: a probe
 * of the partial index of unrelayed rows, every 100 ms while it finds work, slowing to once a second
 * when idle or while a drain fails (PostgreSQL or Redis away).
 */
const POLL_FASTEST_MS = 100;
const POLL_SLOWEST_MS = 1_000;

/**
 * Moves committed events to BullMQ: each unrelayed row becomes one job per reaction, with
 * `jobId = <reaction>@<event id>` (`reactionJob`), and is then marked relayed — in the same transaction that locked it.
 * A crash between enqueue and mark re-relays the rows, and the jobIds make the repeat a no-op.
 * Pushes do not pass through here: the committing process sends them (`EventPushes`).
 */
@Injectable()
export class OutboxRelay implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger(OutboxRelay.name);
  private unlisten?: () => Promise<void>;
  private stopLocal?: () => void;
  private timer?: NodeJS.Timeout;
  private draining?: Promise<void>;
  private wakeAgain = false;
  private stopped = false;
  private pollEveryMs = POLL_FASTEST_MS;
  /** Whether the last drain relayed anything (the poll keeps its fast pace while there is work). */
  private lastDrainFoundWork = false;

  constructor(
    @Inject(DATABASE_CONNECTION) private readonly connection: DatabaseConnection,
    private readonly jobs: JobQueue,
    private readonly signal: CommitSignal,
    private readonly catalogue: JobCatalogue,
  ) {}

  async onApplicationBootstrap() {
    // Commits in this process wake the relay directly; other processes' commits through NOTIFY.
    this.stopLocal = this.signal.onCommit(() => this.wake());
    this.unlisten = await this.connection.listen(
      EVENTS_CHANNEL,
      () => this.wake(),
      (error) => this.logger.warn({ err: error }, 'LISTEN connection lost; reconnecting (the poll keeps relaying)'),
    );
    this.wake();
    this.schedulePoll();
  }

  /** Its batch in flight is relayed while PostgreSQL and the queue are still open. */
  async beforeApplicationShutdown() {
    this.stopped = true;
    this.stopLocal?.();
    clearTimeout(this.timer);
    await this.unlisten?.();
    await this.draining;
  }

  private schedulePoll(): void {
    if (this.stopped) return;
    this.timer = setTimeout(() => void this.poll().finally(() => this.schedulePoll()), this.pollEveryMs);
  }

  /**
   * One indexed probe; a drain only when it finds unrelayed rows. Not a high-water mark on `seq`:
   * seq is taken at insert, not at commit, so a row with a lower seq can become visible after a higher
   * one has been seen, and a mark would step over it.
   */
  private async poll(): Promise<void> {
    if (this.draining) return;
    const pending = await this.hasUnrelayed().catch(() => false);
    if (pending) {
      this.wake();
      await this.draining;
    }
    this.pollEveryMs = pending && this.lastDrainFoundWork ? POLL_FASTEST_MS : Math.min(POLL_SLOWEST_MS, this.pollEveryMs * 2);
  }

  async hasUnrelayed(): Promise<boolean> {
    const [row] = await rowsOf<{ pending: boolean }>(
      this.connection.db,
      sql`select exists (select 1 from events where relayed_at is null) as pending`,
    );
    return row?.pending === true;
  }

  /** Coalesces wake-ups: one drain at a time, and one more if events arrived meanwhile. */
  wake(): void {
    if (this.stopped) return;
    if (this.draining) {
      this.wakeAgain = true;
      return;
    }
    this.draining = this.drain()
      .then((relayed) => void (this.lastDrainFoundWork = relayed > 0))
      .catch((error) => {
        this.lastDrainFoundWork = false;
        if (isDependencyUnavailable(error)) this.logger.warn({ err: error }, 'outbox relay waiting: PostgreSQL or Redis unavailable');
        else this.logger.error({ err: error }, 'outbox relay failed; retrying on the next wake-up');
      })
      .finally(() => {
        this.draining = undefined;
        if (this.wakeAgain) {
          this.wakeAgain = false;
          this.wake();
        }
      });
  }

  /** Relays until nothing is left. Returns how many events were relayed. */
  async drain(): Promise<number> {
    let total = 0;
    for (;;) {
      const relayed = await this.relayBatch();
      total += relayed;
      if (relayed < BATCH_SIZE || this.stopped) return total;
    }
  }

  async relayBatch(): Promise<number> {
    return this.connection.db.transaction(async (tx) => {
      const rows = await rowsOf<EventRow>(
        tx,
        sql`select seq, id, stream_type, stream_id, version, type, data, meta, occurred_at
            from events where relayed_at is null order by seq limit ${BATCH_SIZE} for update skip locked`,
      );
      if (rows.length === 0) return 0;
      const storedEvents = rows.map(toStoredEvent);
      await this.enqueue(storedEvents);
      await this.markRelayed(tx, storedEvents);
      return storedEvents.length;
    });
  }

  private async enqueue(storedEvents: StoredEvent[]): Promise<void> {
    const now = Date.now();
    await this.jobs.addAll(storedEvents.flatMap((event) => this.catalogue.reactionsTo(event.type).map((name) => this.catalogue.reactionJob(name, event, now))));
  }

  async markRelayed(tx: Transaction, storedEvents: StoredEvent[]): Promise<void> {
    const seqs = storedEvents.map((event) => event.seq);
    await tx.execute(sql`update events set relayed_at = now() where seq in (${sql.join(seqs, sql`, `)})`);
  }
}
