import { Command } from '@nestjs/cqrs';
import type { EventMeta } from '../../../../database/event-store.js';

/** An admin takes a published course down (naming the course version they saw). */
export class UnpublishCourseCommand extends Command<{ version: number }> {
  constructor(
    readonly adminId: string,
    readonly courseId: string,
    readonly expectedVersion: number,
    readonly meta: EventMeta,
  ) {
    super();
  }
}
