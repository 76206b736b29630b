import { Injectable } from '@nestjs/common';
import type { StoredEvent } from '../../../database/event-store.js';
import { HandlesJob, JobHandler } from '../../../jobs/job-handler.decorator.js';
import { RealtimePublisher } from '../../../realtime/realtime-publisher.js';
import { adminEventView } from '../admin-event-view.js';

/** Every appended event reaches the admins' live stream. */
@Injectable()
@JobHandler('stream-to-admins-when-event-appended')
export class StreamToAdminsWhenEventAppendedHandler implements HandlesJob<StoredEvent> {
  constructor(private readonly realtime: RealtimePublisher) {}

  async handle(event: StoredEvent): Promise<void> {
    this.realtime.toAdmins().emit('admin.event', adminEventView(event));
  }
}
