import { Inject, Injectable } from '@nestjs/common';
import { sql } from 'drizzle-orm';
import { JobCatalogue } from './job-catalogue.js';
import type { DatabaseConnection } from '../database/connection.js';
import { DATABASE_CONNECTION } from '../database/database.tokens.js';
import { EventStore } from '../database/event-store.js';

export const EVENTS_CHANNEL = 'campus_events';

/**
 * Tells the outbox relay that events were committed, without a NOTIFY inside the committing
 * transaction: PostgreSQL serialises the commits of every transaction that notifies (one lock for the
 * whole cluster), so a NOTIFY in each answer save made the event store a queue of its own.
 *
 * After commit, and only for events with a reaction of their own (`wakesRelay`): a relay in this
 * process (the worker, or the API on PGlite) is called directly; otherwise one NOTIFY is sent in its
 * own statement, at most one in flight per process (commits meanwhile share the next one). A signal
 * lost on the way (process killed after commit, LISTEN reconnecting) only costs time: the relay's poll
 * finds every unrelayed row.
 */
@Injectable()
export class CommitSignal {
  private readonly localRelays = new Set<() => void>();
  private sending = false;
  private sendAgain = false;

  constructor(
    @Inject(DATABASE_CONNECTION) private readonly connection: DatabaseConnection,
    eventStore: EventStore,
    private readonly catalogue: JobCatalogue,
  ) {
    eventStore.onCommitted((committed) => this.committed(committed.map((event) => event.type)));
  }

  /** A relay in this process hears commits directly instead of through PostgreSQL. */
  onCommit(listener: () => void): () => void {
    this.localRelays.add(listener);
    return () => this.localRelays.delete(listener);
  }

  committed(eventTypes: readonly string[]): void {
    if (!eventTypes.some((type) => this.catalogue.wakesRelay(type))) return;
    if (this.localRelays.size > 0) this.localRelays.forEach((wake) => wake());
    else this.notify();
  }

  private notify(): void {
    if (this.sending) {
      this.sendAgain = true;
      return;
    }
    this.sending = true;
    this.connection.db
      .execute(sql`select pg_notify(${EVENTS_CHANNEL}, '')`)
      // A lost wake-up delays relaying until the next poll; it must never fail the command that committed.
      .catch(() => undefined)
      .finally(() => {
        this.sending = false;
        if (this.sendAgain) {
          this.sendAgain = false;
          this.notify();
        }
      });
  }
}
