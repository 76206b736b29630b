import { Command } from '@nestjs/cqrs';
import type { UpdateBlueprintRequest } from '../../../../contracts/studio-questions.js';
import type { EventMeta } from '../../../../database/event-store.js';

/** An admin changes a certification course's exam settings (naming the course version they read). */
export class UpdateExamBlueprintCommand extends Command<{ courseVersion: number }> {
  constructor(
    readonly adminId: string,
    readonly courseSlug: string,
    readonly request: UpdateBlueprintRequest,
    readonly meta: EventMeta,
  ) {
    super();
  }
}
