import { Inject } from '@nestjs/common';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { eq, sql } from 'drizzle-orm';
import { AppError, notFound } from '../../../../common/errors/app-error.js';
import { lockOwnExamSession, readOwnExamSession } from '../../own-exam-session.js';
import type { SavedAnswer } from '../../../../contracts/exams.js';
import type { DatabaseConnection } from '../../../../database/connection.js';
import { DATABASE_CONNECTION } from '../../../../database/database.tokens.js';
import { EventStore } from '../../../../database/event-store.js';
import { examSessions } from '../../../../database/schema.js';
import { acceptsSubmitAt, validChoices } from '../../domain/exam-session.js';
import { AnswerSaved, EXAM_SESSION_STREAM } from '../../events.js';
import { SaveAnswerCommand } from './save-answer.command.js';

type ExamSessionRow = Awaited<ReturnType<typeof readOwnExamSession>>;

/**
 * Keeps one answer of a running session; acknowledged only once committed. The hottest write of the
 * campus, so first without a transaction: the session is read, the rules checked, and the answer and its
 * event written in one statement that holds only if the session is still running at the version read.
 * A session changed meanwhile (a save from another tab, a submit, the deadline's finaliser) is saved the
 * careful way: locked, checked again and written in a transaction, so races cost time, never a 409.
 */
@CommandHandler(SaveAnswerCommand)
export class SaveAnswerHandler implements ICommandHandler<SaveAnswerCommand> {
  constructor(
    @Inject(DATABASE_CONNECTION) private readonly connection: DatabaseConnection,
    private readonly eventStore: EventStore,
  ) {}

  async execute(command: SaveAnswerCommand): Promise<SavedAnswer> {
    const { userId, examSessionId, questionId, meta } = command;
    const session = await readOwnExamSession(this.connection.db, examSessionId, userId);
    const answer = this.answerFor(session, command);
    const saved = await this.eventStore.appendInOneStatement(
      meta,
      { streamType: EXAM_SESSION_STREAM, streamId: session.id, expectedVersion: session.streamVersion },
      [answer],
      sql`update exam_sessions
             set answers = answers || ${JSON.stringify({ [questionId]: answer.data.choiceIds })}::jsonb, stream_version = stream_version + 1
           where id = ${session.id} and stream_version = ${session.streamVersion} and status = 'running'
       returning id`,
    );
    return saved.length > 0 ? { savedAt: answer.data.savedAt } : this.saveLocked(command);
  }

  private saveLocked(command: SaveAnswerCommand): Promise<SavedAnswer> {
    return this.eventStore.commit(command.meta, async ({ tx, append }) => {
      const session = await lockOwnExamSession(tx, command.examSessionId, command.userId);
      const answer = this.answerFor(session, command);
      await append({ streamType: EXAM_SESSION_STREAM, streamId: session.id, expectedVersion: session.streamVersion }, [answer]);
      await tx
        .update(examSessions)
        .set({ answers: { ...session.answers, [command.questionId]: answer.data.choiceIds }, streamVersion: session.streamVersion + 1 })
        .where(eq(examSessions.id, session.id));
      return { savedAt: answer.data.savedAt };
    });
  }

  /** The rules of a save, checked against the session as read. */
  private answerFor(session: ExamSessionRow, { questionId, choiceIds }: SaveAnswerCommand): AnswerSaved {
    const now = new Date();
    if (session.status !== 'running' || !acceptsSubmitAt(session.deadline, now)) {
      throw new AppError('EXAM_TIME_OVER', '試験の終了時刻を過ぎたため、解答を保存できませんでした。');
    }
    const question = session.questions.find((candidate) => candidate.questionId === questionId);
    if (!question) throw notFound('問題');
    const chosen = validChoices(question, choiceIds);
    if (!chosen) throw new AppError('VALIDATION_FAILED', 'この問題の選択肢から選んでください', 'choiceIds');
    return new AnswerSaved({ questionId, choiceIds: chosen, savedAt: now.toISOString() });
  }
}
