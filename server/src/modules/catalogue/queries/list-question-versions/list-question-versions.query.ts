import { Query } from '@nestjs/cqrs';
import type { BankQuestion } from '../../../../contracts/studio-questions.js';

/** Every version of one bank question, newest first. */
export class ListQuestionVersionsQuery extends Query<BankQuestion[]> {
  constructor(
    readonly courseSlug: string,
    readonly questionId: string,
  ) {
    super();
  }
}
