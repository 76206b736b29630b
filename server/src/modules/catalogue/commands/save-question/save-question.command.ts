import { Command } from '@nestjs/cqrs';
import type { BankQuestion, SaveQuestionRequest } from '../../../../contracts/studio-questions.js';
import type { EventMeta } from '../../../../database/event-store.js';

/** An admin writes a new question (`questionId` null) or a new version of one: always a draft. */
export class SaveQuestionCommand extends Command<BankQuestion> {
  constructor(
    readonly adminId: string,
    readonly courseSlug: string,
    readonly questionId: string | null,
    readonly request: SaveQuestionRequest,
    readonly meta: EventMeta,
  ) {
    super();
  }
}
