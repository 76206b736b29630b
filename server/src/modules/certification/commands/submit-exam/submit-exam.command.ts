import { Command } from '@nestjs/cqrs';
import type { Answers } from '../../domain/exam-session.js';
import type { ExamSubmission } from '../../../../contracts/exams.js';
import type { EventMeta } from '../../../../database/event-store.js';

export class SubmitExamCommand extends Command<ExamSubmission> {
  constructor(
    readonly userId: string,
    readonly examSessionId: string,
    /** Answers the client still had queued; they join the saved ones. */
    readonly answers: Answers,
    readonly meta: EventMeta,
  ) {
    super();
  }
}
