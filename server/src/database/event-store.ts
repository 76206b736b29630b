import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { sql } from 'drizzle-orm';
import { AppError } from '../common/errors/app-error.js';
import { CommitSignal } from './commit-signal.js';
import { type DatabaseConnection, rowsOf, type Transaction } from './connection.js';
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
}

export interface StreamAppend {
  stream: StreamPosition;
  events: DomainEvent[];
  /** This stream's own trace when a batch acts for many (else the commit's meta). */
  meta?: EventMeta;
}

@Injectable()
export class EventStore {
  constructor(
    @Inject(DATABASE_CONNECTION) private readonly connection: DatabaseConnection,
    private readonly signal: CommitSignal = new CommitSignal(connection),
  ) {}

  /**
   * Runs `work` in one transaction: it checks its rules, appends events and updates the read tables it
   * owns. Reactions and pushes come from the outbox relay, which `CommitSignal` wakes after commit
   * (never inside the transaction), in any process.
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
        };
        return work(unit);
      });
    } catch (error) {
      if (isUniqueViolation(error, 'events_stream_version_key')) {
        throw new AppError('CONCURRENCY_CONFLICT', 'ほかの操作と同時に更新されました。画面を更新してもう一度お試しください');
      }
      throw error;
    }
    if (appended.length > 0) this.signal.committed(appended.map((event) => event.type));
    return result;
  }

  /**
   * One statement with one parameter however many events: a batch of hundreds (a storm of exam
   * deadlines) costs little more than one event. The stored events come back in the order given.
   */
  private async insert(tx: Transaction, entries: StreamAppend[], meta: EventMeta): Promise<StoredEvent[]> {
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
      tx,
      sql`insert into events (id, stream_type, stream_id, version, type, data, meta)
          select r.id, r."streamType", r."streamId", r.version, r.type, r.data, r.meta
            from jsonb_to_recordset(${JSON.stringify(rows.map((row, ord) => ({ ...row, ord })))}::jsonb)
              as r(ord int, id uuid, "streamType" text, "streamId" text, version int, type text, data jsonb, meta jsonb)
           order by r.ord
          returning seq, id, data, occurred_at`,
    );
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
