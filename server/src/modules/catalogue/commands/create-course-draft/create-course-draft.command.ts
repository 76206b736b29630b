import { Command } from '@nestjs/cqrs';
import type { CreateCourseDraftRequest } from '../../../../contracts/studio-courses.js';
import type { EventMeta } from '../../../../database/event-store.js';

/** An admin starts a new course in the studio: a draft only, nothing a learner sees. */
export class CreateCourseDraftCommand extends Command<{ courseId: string }> {
  constructor(
    readonly adminId: string,
    readonly request: CreateCourseDraftRequest,
    readonly meta: EventMeta,
  ) {
    super();
  }
}
