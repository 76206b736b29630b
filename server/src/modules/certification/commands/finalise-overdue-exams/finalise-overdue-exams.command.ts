import { Command } from '@nestjs/cqrs';
import type { EventMeta } from '../../../../database/event-store.js';

export interface FinalisedExam {
  userId: string;
  examSessionId: string;
  courseSlug: string;
}

/**
 * Finishes overdue sessions (`isOverdue`: running, past their deadline and its grace) with the answers
 * saved so far. With a learner: only theirs, before their next start (and their GET of the exam page, see
 * the controller). Without: every learner's (the delayed job at a deadline, or the reconciler's run of it).
 */
export class FinaliseOverdueExamsCommand extends Command<FinalisedExam[]> {
  constructor(
    readonly meta: EventMeta,
    readonly userId: string | null = null,
  ) {
    super();
  }
}
