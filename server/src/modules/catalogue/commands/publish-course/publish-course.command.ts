import { Command } from '@nestjs/cqrs';
import type { EventMeta } from '../../../../database/event-store.js';

/** An admin publishes the course's draft (the version they read): it becomes what learners see, all at once. */
export class PublishCourseCommand extends Command<{ version: number }> {
  constructor(
    readonly adminId: string,
    readonly courseId: string,
    readonly expectedVersion: number,
    readonly meta: EventMeta,
  ) {
    super();
  }
}
