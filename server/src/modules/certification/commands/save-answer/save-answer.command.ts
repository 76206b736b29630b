import { Command } from '@nestjs/cqrs';
import type { SavedAnswer } from '../../../../contracts/exams.js';
import type { EventMeta } from '../../../../database/event-store.js';

export class SaveAnswerCommand extends Command<SavedAnswer> {
  constructor(
    readonly userId: string,
    readonly examSessionId: string,
    readonly questionId: string,
    readonly choiceIds: string[],
    readonly meta: EventMeta,
  ) {
    super();
  }
}
