import { Injectable, Logger } from '@nestjs/common';
import { DiscoveryService } from '@nestjs/core';
import type { StoredEvent } from '../database/event-store.js';
import { isDependencyUnavailable } from '../common/errors/dependency-unavailable.js';
import { userRoom } from '../contracts/realtime.js';
import { planPushes } from './push-catalogue.js';
import { PUSH_PAYLOADS_METADATA, type ReadPushName, type ReadsPushPayloads } from './push-payloads.js';
import { RealtimePublisher } from './realtime-publisher.js';

/**
 * Sends the pushes of a batch of committed events (`push-catalogue.ts`) through the socket.io Redis
 * emitter: called by the outbox relay right after it has relayed the batch. A push is not durable work:
 * one lost (a read or Redis failing, the worker dying first) is repaired by the client reading again.
 */
@Injectable()
export class EventPushes {
  private readonly logger = new Logger(EventPushes.name);
  private readers?: Map<ReadPushName, ReadsPushPayloads<ReadPushName>>;

  constructor(
    private readonly discovery: DiscoveryService,
    private readonly realtime: RealtimePublisher,
  ) {}

  /** Never throws: the batch is relayed whatever happens to its pushes. */
  async push(events: readonly StoredEvent[]): Promise<void> {
    if (events.length === 0) return;
    const plan = planPushes(events);
    for (const push of plan.emits) this.realtime.emitTo(push.room, push.name, ...(push.args as [never]));
    await Promise.all(
      [...plan.reads].map(async ([name, userIds]) => {
        const reader = this.readerOf(name);
        if (!reader) return;
        try {
          const payloads = await reader.readPayloads([...userIds]);
          for (const [userId, payload] of payloads) this.realtime.emitTo(userRoom(userId), name, payload as never);
        } catch (error) {
          this.logger.warn({ err: error }, `${name} not pushed${isDependencyUnavailable(error) ? ': PostgreSQL unavailable' : ''}; clients re-read`);
        }
      }),
    );
    this.realtime.emitTo(plan.admin.room, 'admin.events', plan.admin.events);
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
