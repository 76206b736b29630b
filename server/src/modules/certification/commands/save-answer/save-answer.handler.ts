import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import type { SavedAnswer } from '../../../../contracts/exams.js';
import { notFound } from '../../../../core/errors/app-error.js';
import { EventStore } from '../../../../database/event-store.js';
import { answerOf } from '../../domain/exam-session-aggregate.js';
import { ExamSessionRepository } from '../../exam-session.repository.js';
import { AnswerSaveBatches } from './answer-save-batches.js';
import { AnswerSheets } from './answer-sheets.js';
import { SaveAnswerCommand } from './save-answer.command.js';

/**
 * Keeps one answer of a running session; acknowledged only once committed. The hottest write of the
 * campus, so one round trip: the answer is checked against the session's sheet (fixed at its start,
 * kept in memory), then the answer and its event are saved in one statement, with the saves of other
 * sessions that arrived meanwhile (`AnswerSaveBatches`), that holds only while the session is the
 * learner's, running and within its time, at the next version of its stream. When it did
 * not hold (submitted, past its time) the save is answered the careful way: the session locked and its
 * rules applied in a transaction, which refuses with the reason.
 */
@CommandHandler(SaveAnswerCommand)
export class SaveAnswerHandler implements ICommandHandler<SaveAnswerCommand> {
  constructor(
    private readonly sheets: AnswerSheets,
    private readonly batches: AnswerSaveBatches,
    private readonly sessions: ExamSessionRepository,
    private readonly eventStore: EventStore,
  ) {}

  async execute({ userId, examSessionId, questionId, choiceIds, meta }: SaveAnswerCommand): Promise<SavedAnswer> {
    const sheet = await this.sheets.of(examSessionId, userId);
    if (!sheet) throw notFound('試験');
    const answer = answerOf(sheet, questionId, choiceIds, new Date());
    if (await this.batches.save({ meta, examSessionId, userId, answer })) return { savedAt: answer.data.savedAt };
    return this.eventStore.commit(meta, async (unit) => {
      const locked = await this.sessions.lockOwn(unit.tx, examSessionId, userId);
      const saved = locked.answer(questionId, choiceIds, new Date());
      await this.sessions.save(unit, locked);
      return { savedAt: saved.data.savedAt };
    });
  }
}
