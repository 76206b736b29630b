import { Inject, Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { sql } from 'drizzle-orm';
import { isDependencyUnavailable } from '../../common/errors/dependency-unavailable.js';
import { reactionJob, reactionsTo } from '../../jobs/job-catalogue.js';
import { JobQueue } from '../../jobs/job-queue.js';
import { EventPushes } from '../../realtime/event-pushes.js';
import { type DatabaseConnection, rowsOf, type Transaction } from '../connection.js';
import { DATABASE_CONNECTION } from '../database.tokens.js';
import { EVENTS_CHANNEL, EventMeta, StoredEvent } from '../event-store.js';

const BATCH_SIZE = 200;
/** NOTIFY wakes the relay at once; the poll catches a notification lost while LISTEN was reconnecting. */
const POLL_INTERVAL_MS = 5_000;

export interface EventRow {
  seq: string | number;
  id: string;
  stream_type: string;
  stream_id: string;
  version: number;
  type: string;
  data: unknown;
  meta: EventMeta;
  occurred_at: string | Date;
}

export const toStoredEvent = (row: EventRow): StoredEvent => ({
  seq: Number(row.seq),
  id: row.id,
  streamType: row.stream_type,
  streamId: row.stream_id,
  version: row.version,
  type: row.type,
  data: row.data,
  meta: row.meta,
  occurredAt: new Date(row.occurred_at).toISOString(),
});

/**
 * Moves committed events to BullMQ: each unrelayed row becomes one job per reaction, with
 * `jobId = <reaction>@<event id>` (`reactionJob`), and is then marked relayed — in the same transaction that locked it.
 * A crash between enqueue and mark re-relays the rows, and the jobIds make the repeat a no-op.
 * Once the batch is committed its pushes go out (`EventPushes`): after the commit, so a rolled-back batch
 * pushes nothing, and a crash in between loses only pushes, which clients repair by reading again.
 */
@Injectable()
export class OutboxRelay implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(OutboxRelay.name);
  private unlisten?: () => Promise<void>;
  private timer?: NodeJS.Timeout;
  private draining?: Promise<void>;
  private wakeAgain = false;
  private stopped = false;

  constructor(
    @Inject(DATABASE_CONNECTION) private readonly connection: DatabaseConnection,
    private readonly jobs: JobQueue,
    private readonly pushes: EventPushes,
  ) {}

  async onApplicationBootstrap() {
    this.unlisten = await this.connection.listen(
      EVENTS_CHANNEL,
      () => this.wake(),
      (error) => this.logger.warn({ err: error }, 'LISTEN connection lost; reconnecting (the 5 s poll keeps relaying)'),
    );
    this.timer = setInterval(() => this.wake(), POLL_INTERVAL_MS);
    this.wake();
  }

  async onApplicationShutdown() {
    this.stopped = true;
    clearInterval(this.timer);
    await this.unlisten?.();
    await this.draining;
  }

  /** Coalesces wake-ups: one drain at a time, and one more if events arrived meanwhile. */
  wake(): void {
    if (this.stopped) return;
    if (this.draining) {
      this.wakeAgain = true;
      return;
    }
    this.draining = this.drain()
      .then(() => undefined)
      .catch((error) =>
        isDependencyUnavailable(error)
          ? this.logger.warn({ err: error }, 'outbox relay waiting: PostgreSQL or Redis unavailable')
          : this.logger.error({ err: error }, 'outbox relay failed; retrying on the next wake-up'),
      )
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
    const relayed = await this.connection.db.transaction(async (tx) => {
      const rows = await rowsOf<EventRow>(
        tx,
        sql`select seq, id, stream_type, stream_id, version, type, data, meta, occurred_at
            from events where relayed_at is null order by seq limit ${BATCH_SIZE} for update skip locked`,
      );
      if (rows.length === 0) return [];
      const storedEvents = rows.map(toStoredEvent);
      await this.enqueue(storedEvents);
      await this.markRelayed(tx, storedEvents);
      return storedEvents;
    });
    await this.pushes.push(relayed);
    return relayed.length;
  }

  private async enqueue(storedEvents: StoredEvent[]): Promise<void> {
    const now = Date.now();
    await this.jobs.addAll(storedEvents.flatMap((event) => reactionsTo(event.type).map((name) => reactionJob(name, event, now))));
  }

  async markRelayed(tx: Transaction, storedEvents: StoredEvent[]): Promise<void> {
    const seqs = storedEvents.map((event) => event.seq);
    await tx.execute(sql`update events set relayed_at = now() where seq in (${sql.join(seqs, sql`, `)})`);
  }
}
