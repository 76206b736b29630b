import { Injectable, Logger, OnApplicationShutdown, OnModuleInit } from '@nestjs/common';
import { DiscoveryService } from '@nestjs/core';
import { EventStore, type StoredEvent } from '../database/event-store.js';
import { isDependencyUnavailable } from '../core/errors/dependency-unavailable.js';
import { ADMIN_ROOM, userRoom } from '../contracts/realtime.js';
import { PushCatalogue } from './push-catalogue.js';
import { PUSH_PAYLOADS_METADATA, type ReadPushName, type ReadsPushPayloads } from './push-payloads.js';
import { RealtimePublisher } from './realtime-publisher.js';

/** The admins' hint covers the commits of this long (answer saves come one per commit) with one push. */
export const ADMIN_STREAM_BATCH_MS = 100;

/**
 * Sends the pushes of each commit of this process (the modules' registrations, `push-catalogue.ts`) through the socket.io Redis
 * emitter, right after the commit, API and worker alike: a deadline's `exam.timeUp` leaves as soon as the
 * finalising transaction commits, not after the outbox relay has queued its grading jobs. A push is not
 * durable work: one lost (a read or Redis failing, the process dying first) is repaired by the client
 * reading again. Commits made outside the Nest processes (the content-import CLI) push nothing.
 */
@Injectable()
export class EventPushes implements OnModuleInit, OnApplicationShutdown {
  private readonly logger = new Logger(EventPushes.name);
  private readers?: Map<ReadPushName, ReadsPushPayloads<ReadPushName>>;
  private stopListening?: () => void;
  private adminHint?: NodeJS.Timeout;

  constructor(
    private readonly discovery: DiscoveryService,
    private readonly realtime: RealtimePublisher,
    private readonly eventStore: EventStore,
    private readonly catalogue: PushCatalogue,
  ) {}

  onModuleInit() {
    this.stopListening = this.eventStore.onCommitted((committed) => {
      this.push(committed).catch((error: unknown) => this.logger.warn({ err: error }, 'pushes of a commit not sent; clients re-read'));
    });
  }

  onApplicationShutdown() {
    this.stopListening?.();
    if (this.adminHint) this.hintAdmins();
  }

  /** Never throws: the commit stands whatever happens to its pushes. */
  async push(events: readonly StoredEvent[]): Promise<void> {
    if (events.length === 0) return;
    const plan = this.catalogue.plan(events);
    this.realtime.emitAll(plan.emits);
    await Promise.all(
      [...plan.reads].map(async ([name, userIds]) => {
        const reader = this.readerOf(name);
        if (!reader) return;
        try {
          const payloads = await reader.readPayloads([...userIds]);
          this.realtime.emitAll([...payloads].map(([userId, payload]) => ({ room: userRoom(userId), name, args: [payload] })));
        } catch (error) {
          this.logger.warn({ err: error }, `${name} not pushed${isDependencyUnavailable(error) ? ': PostgreSQL unavailable' : ''}; clients re-read`);
        }
      }),
    );
    this.adminHint ??= setTimeout(() => this.hintAdmins(), ADMIN_STREAM_BATCH_MS);
  }

  /**
   * The admin consoles read the events themselves, from the table after their cursor (modules/admin-stream):
   * this push only says when. Lost with this process, it delays them until their next read, nothing more.
   */
  private hintAdmins(): void {
    clearTimeout(this.adminHint);
    this.adminHint = undefined;
    this.realtime.emitTo(ADMIN_ROOM, 'admin.eventsCommitted');
  }

  /** Found on first use: the modules' providers exist by then, whatever order the application boots in. */
  private readerOf(name: ReadPushName): ReadsPushPayloads<ReadPushName> | undefined {
    this.readers ??= new Map(
      this.discovery
        .getProviders()
        .filter((wrapper) => wrapper.metatype && wrapper.instance && Reflect.getMetadata(PUSH_PAYLOADS_METADATA, wrapper.metatype))
        .map((wrapper) => [Reflect.getMetadata(PUSH_PAYLOADS_METADATA, wrapper.metatype!) as ReadPushName, wrapper.instance as ReadsPushPayloads<ReadPushName>]),
    );
    return this.readers.get(name);
  }
}
