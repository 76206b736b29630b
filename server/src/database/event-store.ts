import { randomUUID } from 'node:crypto';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { type SQL, sql } from 'drizzle-orm';
import { AppError } from '../core/errors/app-error.js';
import { type DatabaseConnection, type DatabaseExecutor, rowsOf, type Transaction } from './connection.js';
import { DATABASE_CONNECTION } from './database.tokens.js';
import { isUniqueViolation } from './unique-violation.js';

/** Who caused a change and within which request; stored with every event. */
export interface EventMeta {
  actorId: string | null;
  requestId: string | null;
  correlationId: string;
  causationId: string | null;
}

/** A fact in the past tense. Subclasses name their persisted type explicitly so renames cannot break history. */
export abstract class DomainEvent<TData = unknown> {
  abstract readonly type: string;
  /** Set once the event is committed. */
  stored?: StoredEvent;

  constructor(readonly data: TData) {}
}

export interface StoredEvent {
  seq: number;
  id: string;
  streamType: string;
  streamId: string;
  version: number;
  type: string;
  data: unknown;
  meta: EventMeta;
  occurredAt: string;
}

export interface StreamPosition {
  streamType: string;
  streamId: string;
  /** The version the handler read; the append fails with 409 when someone appended since. */
  expectedVersion: number;
}

/** What a command handler gets inside its transaction: the transaction itself and `append`. */
export interface UnitOfWork {
  tx: Transaction;
  append(stream: StreamPosition, newEvents: DomainEvent[]): Promise<StoredEvent[]>;
  /** The same for many streams at once, in one statement (a batch job closing hundreds of streams). */
  appendToStreams(entries: StreamAppend[]): Promise<StoredEvent[]>;
  /**
   * For a stream whose module keeps no row with its version: holds the stream until commit (so a second
   * command on it waits rather than failing with 409) and answers the version to append at.
   */
  lockStream(streamType: string, streamId: string): Promise<number>;
}

export interface StreamAppend {
  stream: StreamPosition;
  events: DomainEvent[];
  /** This stream's own trace when a batch acts for many (else the commit's meta). */
  meta?: EventMeta;
}

/** Hears every commit of this process once it is durable (`CommitSignal`, `EventPushes`). */
export type CommitListener = (committed: readonly StoredEvent[]) => void;

@Injectable()
export class EventStore {
  private readonly logger = new Logger(EventStore.name);
  private readonly commitListeners = new Set<CommitListener>();

  constructor(@Inject(DATABASE_CONNECTION) private readonly connection: DatabaseConnection) {}

  /**
   * Runs `work` in one transaction: it checks its rules, appends events and updates the read tables it
   * owns. After commit (never inside the transaction) this process's commit listeners hear the events:
   * `CommitSignal` wakes the outbox relay, which turns them into jobs, and `EventPushes` pushes them to
   * the sockets. A store without listeners (the CLIs) leaves its events to the relay's poll.
   */
  async commit<TResult>(meta: EventMeta, work: (unit: UnitOfWork) => Promise<TResult>): Promise<TResult> {
    const appended: DomainEvent[] = [];
    let result: TResult;
    try {
      result = await this.connection.db.transaction(async (tx) => {
        const appendToStreams = async (entries: StreamAppend[]) => {
          const newEvents = entries.flatMap((entry) => entry.events);
          const stored = await this.insert(tx, entries, meta);
          newEvents.forEach((event, index) => (event.stored = stored[index]));
          appended.push(...newEvents);
          return stored;
        };
        const unit: UnitOfWork = {
          tx,
          append: (stream, newEvents) => appendToStreams([{ stream, events: newEvents }]),
          appendToStreams,
          lockStream: (streamType, streamId) => lockStream(tx, streamType, streamId),
        };
        return work(unit);
      });
    } catch (error) {
      throw asConcurrencyConflict(error);
    }
    this.committed(appended.map((event) => event.stored!));
    return result;
  }

  /**
   * The hot path (an answer save) as one autocommitted statement: no BEGIN and COMMIT round trips, no
   * pool client held between them. `onlyIf`, when given, is the read-table write the events go with, an
   * `UPDATE … RETURNING` whose WHERE holds the handler's rules (the version it read, the status); the
   * events are appended only if it changed a row, and nothing is written otherwise (the answer is []).
   * The version check is the same unique index as in `commit`.
   */
  async appendInOneStatement(meta: EventMeta, stream: StreamPosition, newEvents: DomainEvent[], onlyIf?: SQL): Promise<StoredEvent[]> {
    let stored: StoredEvent[];
    try {
      stored = await this.insert(this.connection.db, [{ stream, events: newEvents }], meta, onlyIf);
    } catch (error) {
      throw asConcurrencyConflict(error);
    }
    newEvents.forEach((event, index) => (event.stored = stored[index]));
    this.committed(stored);
    return stored;
  }

  /** Hears each commit of this process once it is durable (the relay's wake-up, the pushes). */
  onCommitted(listener: CommitListener): () => void {
    this.commitListeners.add(listener);
    return () => this.commitListeners.delete(listener);
  }

  /** What happens after a commit never fails it: the command is acknowledged, and the relay's poll and clients' re-reads repair the rest. */
  private committed(stored: StoredEvent[]): void {
    if (stored.length === 0) return;
    for (const listener of this.commitListeners) {
      try {
        listener(stored);
      } catch (error) {
        this.logger.error({ err: error }, 'a commit listener failed');
      }
    }
  }

  /**
   * One statement with one parameter however many events: a batch of hundreds (a storm of exam
   * deadlines) costs little more than one event. The stored events come back in the order given.
   */
  private async insert(executor: DatabaseExecutor, entries: StreamAppend[], meta: EventMeta, onlyIf?: SQL): Promise<StoredEvent[]> {
    const rows = entries.flatMap(({ stream, events: newEvents, meta: streamMeta }) =>
      newEvents.map((event, index) => ({
        id: randomUUID(),
        streamType: stream.streamType,
        streamId: stream.streamId,
        version: stream.expectedVersion + index + 1,
        type: event.type,
        data: event.data,
        meta: streamMeta ?? meta,
      })),
    );
    if (rows.length === 0) return [];
    const inserted = await rowsOf<{ seq: string | number; id: string; data: unknown; occurred_at: string | Date }>(
      executor,
      sql`${onlyIf ? sql`with gate as (${onlyIf}) ` : sql``}insert into events (id, stream_type, stream_id, version, type, data, meta)
          select r.id, r."streamType", r."streamId", r.version, r.type, r.data, r.meta
            from jsonb_to_recordset(${JSON.stringify(rows.map((row, ord) => ({ ...row, ord })))}::jsonb)
              as r(ord int, id uuid, "streamType" text, "streamId" text, version int, type text, data jsonb, meta jsonb)
           ${onlyIf ? sql`where exists (select 1 from gate)` : sql``}
           order by r.ord
          returning seq, id, data, occurred_at`,
    );
    if (inserted.length === 0) return [];
    const byId = new Map(inserted.map((row) => [row.id, row]));
    return rows.map((row) => {
      const stored = byId.get(row.id)!;
      return {
        seq: Number(stored.seq),
        id: row.id,
        streamType: row.streamType,
        streamId: row.streamId,
        version: row.version,
        type: row.type,
        data: stored.data,
        meta: row.meta,
        occurredAt: new Date(stored.occurred_at).toISOString(),
      };
    });
  }
}

/** A transaction-scoped advisory lock on the stream's name, then its last version (the unique index answers it). */
async function lockStream(tx: Transaction, streamType: string, streamId: string): Promise<number> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${streamType}), hashtext(${streamId}))`);
  const [row] = await rowsOf<{ version: number | null }>(
    tx,
    sql`select max(version)::int as version from events where stream_type = ${streamType} and stream_id = ${streamId}`,
  );
  return row?.version ?? 0;
}

/** Someone appended to the stream since the handler read it: 409, and the client reads again. */
const concurrencyConflict = () => new AppError('CONCURRENCY_CONFLICT', 'ほかの操作と同時に更新されました。画面を更新してもう一度お試しください');

function asConcurrencyConflict(error: unknown): unknown {
  return isUniqueViolation(error, 'events_stream_version_key') ? concurrencyConflict() : error;
}
