import { Command } from '@nestjs/cqrs';
import type { LessonQuestionnaireRequest } from '../../../../contracts/lessons.js';
import type { EventMeta } from '../../../../database/event-store.js';

export class AnswerLessonQuestionnaireCommand extends Command<{ receivedAt: string }> {
  constructor(
    readonly userId: string | null,
    readonly answer: LessonQuestionnaireRequest,
    readonly meta: EventMeta,
  ) {
    super();
  }
}
