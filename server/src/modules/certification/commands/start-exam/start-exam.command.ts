import { Command } from '@nestjs/cqrs';
import type { ExamStart } from '../../../../contracts/exams.js';
import type { EventMeta } from '../../../../database/event-store.js';

export class StartExamCommand extends Command<ExamStart> {
  constructor(
    readonly userId: string,
    readonly courseSlug: string,
    readonly meta: EventMeta,
  ) {
    super();
  }
}
