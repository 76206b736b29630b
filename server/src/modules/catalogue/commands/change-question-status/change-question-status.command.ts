import { Command } from '@nestjs/cqrs';
import type { BankQuestion, ChangeQuestionStatusRequest } from '../../../../contracts/studio-questions.js';
import type { EventMeta } from '../../../../database/event-store.js';

/** An admin sends a question version to review, publishes it (exams draw it) or retires the question. */
export class ChangeQuestionStatusCommand extends Command<BankQuestion> {
  constructor(
    readonly adminId: string,
    readonly courseSlug: string,
    readonly questionId: string,
    readonly request: ChangeQuestionStatusRequest,
    readonly meta: EventMeta,
  ) {
    super();
  }
}
