import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import type { SavedAnswer } from '../../../../contracts/exams.js';
import { EventStore } from '../../../../database/event-store.js';
import { ExamSessionRepository } from '../../exam-session.repository.js';
import { SaveAnswerCommand } from './save-answer.command.js';

/**
 * Keeps one answer of a running session; acknowledged only once committed. The hottest write of the
 * campus, so first without a transaction: the session is read, answers by its rules, and the answer and
 * its event are saved in one statement that holds only if the session is still running at the version
 * read. A session changed meanwhile (a save from another tab, a submit, the deadline's finaliser) is
 * answered the careful way: locked, its rules checked again, saved in a transaction. Races cost time, never a 409.
 */
@CommandHandler(SaveAnswerCommand)
export class SaveAnswerHandler implements ICommandHandler<SaveAnswerCommand> {
  constructor(
    private readonly sessions: ExamSessionRepository,
    private readonly eventStore: EventStore,
  ) {}

  async execute({ userId, examSessionId, questionId, choiceIds, meta }: SaveAnswerCommand): Promise<SavedAnswer> {
    const session = await this.sessions.readOwn(examSessionId, userId);
    const answer = session.answer(questionId, choiceIds, new Date());
    if (await this.sessions.saveAnswerAlone(meta, session)) return { savedAt: answer.data.savedAt };
    return this.eventStore.commit(meta, async (unit) => {
      const locked = await this.sessions.lockOwn(unit.tx, examSessionId, userId);
      const saved = locked.answer(questionId, choiceIds, new Date());
      await this.sessions.save(unit, locked);
      return { savedAt: saved.data.savedAt };
    });
  }
}
