import { SetMetadata } from '@nestjs/common';
import type { StoredEvent } from '../database/event-store.js';

export const OUTSTANDING_WORK_METADATA = 'campus:outstanding-work';

/** A reaction the store says is owed now: its event was relayed, its effect is missing (and due: it is enqueued without delay). */
export interface OutstandingReaction {
  job: string;
  event: StoredEvent;
}

/**
 * Marks a provider that derives, from PostgreSQL alone, reactions whose effect is missing (a module
 * knows its own tables and rules); the reconciler discovers them and enqueues what they find.
 */
export const OutstandingWork = () => SetMetadata(OUTSTANDING_WORK_METADATA, true);

export interface FindsOutstandingWork {
  /** At most `limit` reactions, oldest first; read-only, and cheap enough to run every few seconds. */
  findOutstanding(limit: number): Promise<OutstandingReaction[]>;
}
