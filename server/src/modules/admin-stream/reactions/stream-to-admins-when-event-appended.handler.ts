import { Injectable } from '@nestjs/common';
import type { AdminEventView } from '../../../contracts/admin-events.js';
import type { StoredEvent } from '../../../database/event-store.js';
import { HandlesJob, JobHandler } from '../../../jobs/job-handler.decorator.js';
import { RealtimePublisher } from '../../../realtime/realtime-publisher.js';

/** Every appended event reaches the admins' live stream. */
@Injectable()
@JobHandler('stream-to-admins-when-event-appended')
export class StreamToAdminsWhenEventAppendedHandler implements HandlesJob<StoredEvent> {
  constructor(private readonly realtime: RealtimePublisher) {}

  async handle(event: StoredEvent): Promise<void> {
    const view: AdminEventView = {
      seq: event.seq,
      type: event.type,
      streamType: event.streamType,
      streamId: event.streamId,
      actorId: event.meta.actorId,
      userId: concernedUserId(event),
      occurredAt: event.occurredAt,
      data: event.data,
    };
    this.realtime.toAdmins().emit('admin.event', view);
  }
}

/** The learner an event concerns: who did it, else whom its data names, else the user stream it belongs to. */
export function concernedUserId(event: Pick<StoredEvent, 'meta' | 'data' | 'streamType' | 'streamId'>): string | null {
  const named = (event.data as { userId?: unknown } | null)?.userId;
  return event.meta.actorId ?? (typeof named === 'string' ? named : null) ?? (event.streamType === 'user' ? event.streamId : null);
}
