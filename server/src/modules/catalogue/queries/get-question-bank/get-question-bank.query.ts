import { Query } from '@nestjs/cqrs';
import type { QuestionBank, QuestionBankQuery } from '../../../../contracts/studio-questions.js';

/** A certification course's bank as the studio shows it: every question's latest version, filtered. */
export class GetQuestionBankQuery extends Query<QuestionBank> {
  constructor(
    readonly courseSlug: string,
    readonly filter: QuestionBankQuery,
  ) {
    super();
  }
}
