import { Command } from '@nestjs/cqrs';
import type { LessonCompletion } from '../../../../contracts/lessons.js';
import type { EventMeta } from '../../../../database/event-store.js';
import type { LessonAddress } from '../../find-lesson.js';

export class CompleteLessonCommand extends Command<LessonCompletion> {
  constructor(
    readonly userId: string,
    readonly address: LessonAddress,
    readonly meta: EventMeta,
  ) {
    super();
  }
}
