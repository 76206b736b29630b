import { Command } from '@nestjs/cqrs';
import type { ImportQuestionsRequest, ImportQuestionsResult } from '../../../../contracts/studio-questions.js';
import type { EventMeta } from '../../../../database/event-store.js';

/** An admin brings a questions.yaml into a course's bank: new and changed questions become drafts. */
export class ImportQuestionYamlCommand extends Command<ImportQuestionsResult> {
  constructor(
    readonly adminId: string,
    readonly courseSlug: string,
    readonly request: ImportQuestionsRequest,
    readonly meta: EventMeta,
  ) {
    super();
  }
}
