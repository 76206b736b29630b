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
   * The hot path (answer saves, many at once) as one autocommitted statement (`gatedAppend`): no BEGIN
   * and COMMIT round trips, no pool client held between them, one round trip for the whole batch. The
   * events whose gate row was not written are not appended; the answer holds the stored ones by entry.
   * A version already taken is refused by the same unique index as in `commit`, for the whole statement.
   */
  async appendGated(streamType: string, entries: readonly GatedEntry[], gate: SQL): Promise<(StoredEvent | null)[]> {
    const { statement, rows } = gatedAppend(streamType, entries, gate);
    let inserted: { id: string; seq: string | number; version: number; occurred_at: string | Date }[];
    try {
      inserted = await this.connection.runPrepared(statement);
    } catch (error) {
      throw asConcurrencyConflict(error);
    }
    const byId = new Map(inserted.map((written) => [written.id, written]));
    const stored = rows.map((row, index) => {
      const written = byId.get(row.id);
      if (!written) return null;
      const event: StoredEvent = { ...row, seq: Number(written.seq), version: written.version, occurredAt: new Date(written.occurred_at).toISOString() };
      entries[index]!.event.stored = event;
      return event;
    });
    this.committed(stored.filter((event) => event !== null));
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
  private async insert(executor: DatabaseExecutor, entries: StreamAppend[], meta: EventMeta): Promise<StoredEvent[]> {
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
      sql`insert into events (id, stream_type, stream_id, version, type, data, meta)
          select r.id, r."streamType", r."streamId", r.version, r.type, r.data, r.meta
            from jsonb_to_recordset(${JSON.stringify(rows.map((row, ord) => ({ ...row, ord })))}::jsonb)
              as r(ord int, id uuid, "streamType" text, "streamId" text, version int, type text, data jsonb, meta jsonb)
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

/** One event of a gated append, with what its gate needs to know of it (`gate` in the input rows). */
export interface GatedEntry {
  meta: EventMeta;
  streamId: string;
  event: DomainEvent;
  gate: Record<string, unknown>;
}

/**
 * The one statement `appendGated` sends. Its entries are the rows of `input` (`stream_id text`, `gate
 * jsonb`, …); `gate` is the read-table write the events go with: an `UPDATE … FROM input … RETURNING
 * <stream_id> AS stream_id, <the row's new stream version> AS version` whose WHERE holds the handler's
 * rules. Each event takes the version its gate row reaches and is written only if that row was; the
 * gate's row locks order concurrent writers of a stream. At most one entry per stream.
 */
export function gatedAppend(streamType: string, entries: readonly GatedEntry[], gate: SQL) {
  const rows = entries.map(({ meta, streamId, event }) => ({ id: randomUUID(), streamType, streamId, type: event.type, data: event.data, meta }));
  const input = JSON.stringify(rows.map((row, index) => ({ id: row.id, stream_id: row.streamId, type: row.type, data: row.data, meta: row.meta, gate: entries[index]!.gate })));
  const statement = sql`with input as (
           select * from jsonb_to_recordset(${input}::jsonb) as r(id uuid, stream_id text, type text, data jsonb, meta jsonb, gate jsonb)
         ), gate as (${gate})
         insert into events (id, stream_type, stream_id, version, type, data, meta)
         select input.id, ${streamType}, input.stream_id, gate.version, input.type, input.data, input.meta
           from input join gate on gate.stream_id = input.stream_id
         returning id, seq, version, occurred_at`;
  return { statement, rows };
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
