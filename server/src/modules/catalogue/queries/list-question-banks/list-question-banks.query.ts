import { Query } from '@nestjs/cqrs';
import type { QuestionBankSummary } from '../../../../contracts/studio-questions.js';

/** Every certification course with its bank's size per state (the studio's bank list). */
export class ListQuestionBanksQuery extends Query<QuestionBankSummary[]> {}
