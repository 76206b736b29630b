import { Command } from '@nestjs/cqrs';
import type { SaveCourseDraftRequest } from '../../../../contracts/studio-courses.js';
import type { EventMeta } from '../../../../database/event-store.js';

/** An admin saves the course's draft, naming the draft version they edited (the optimistic check). */
export class SaveCourseDraftCommand extends Command<{ version: number }> {
  constructor(
    readonly adminId: string,
    readonly courseId: string,
    readonly request: SaveCourseDraftRequest,
    readonly meta: EventMeta,
  ) {
    super();
  }
}
