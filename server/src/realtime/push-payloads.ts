import { SetMetadata } from '@nestjs/common';
import type { ServerToClientEvents } from '../contracts/realtime.js';

export const PUSH_PAYLOADS_METADATA = 'campus:push-payloads';

/** Pushes whose payload the event does not carry: the learner's current view, read when the batch is pushed. */
export type ReadPushName = 'user.updated' | 'unread.changed';

export type PushPayloadOf<E extends keyof ServerToClientEvents> = Parameters<ServerToClientEvents[E]>[0];

/**
 * Marks the provider of a module that reads the payload of one such push (a module knows its own tables
 * and rules); `EventPushes` discovers it, as the reconciler discovers `@OutstandingWork()` finders.
 */
export const PushPayloads = (push: ReadPushName) => SetMetadata(PUSH_PAYLOADS_METADATA, push);

export interface ReadsPushPayloads<E extends ReadPushName> {
  /** One query for the whole batch: each learner's payload now (a learner not found is left out). */
  readPayloads(userIds: readonly string[]): Promise<Map<string, PushPayloadOf<E>>>;
}
