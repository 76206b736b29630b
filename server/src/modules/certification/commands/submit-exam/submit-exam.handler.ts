import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import type { ExamSubmission } from '../../../../contracts/exams.js';
import { EventStore } from '../../../../database/event-store.js';
import { ExamSessionRepository } from '../../exam-session.repository.js';
import { SubmitExamCommand } from './submit-exam.command.js';

/** Ends the attempt with its answers; a repeat returns the same submission (idempotent). */
@CommandHandler(SubmitExamCommand)
export class SubmitExamHandler implements ICommandHandler<SubmitExamCommand> {
  constructor(
    private readonly sessions: ExamSessionRepository,
    private readonly eventStore: EventStore,
  ) {}

  execute({ userId, examSessionId, answers, meta }: SubmitExamCommand): Promise<ExamSubmission> {
    return this.eventStore.commit(meta, async (unit) => {
      const session = await this.sessions.lockOwn(unit.tx, examSessionId, userId);
      const { status, finishedAt } = session.submit(answers, new Date());
      await this.sessions.save(unit, session);
      return { examSessionId, status, finishedAt: finishedAt.toISOString() };
    });
  }
}
