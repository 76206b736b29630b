import { Query } from '@nestjs/cqrs';

/** The published bank in the content pack's questions.yaml format (a download). */
export class ExportQuestionBankQuery extends Query<{ filename: string; yaml: string }> {
  constructor(readonly courseSlug: string) {
    super();
  }
}
