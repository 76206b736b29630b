import { createHash } from 'node:crypto';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { and, eq } from 'drizzle-orm';
import { AppError, notFound } from '../../../../core/errors/app-error.js';
import type { BankQuestion, QuestionStatus } from '../../../../contracts/studio-questions.js';
import { EventStore } from '../../../../database/event-store.js';
import { questions, questionVersions } from '../../catalogue.schema.js';
import { QUESTION_STREAM, QuestionPublished, QuestionRetired, QuestionSubmittedForReview } from '../../events.js';
import { bankCourseBySlug, currentBankQuestion, latestVersionOf } from '../../studio/question-bank.js';
import { staleVersion } from '../../studio/studio-rules.js';
import { ChangeQuestionStatusCommand } from './change-question-status.command.js';

/** From which states each move may be made. */
const ALLOWED_FROM: Record<Exclude<QuestionStatus, 'draft'>, readonly QuestionStatus[]> = {
  review: ['draft'],
  published: ['draft', 'review'],
  retired: ['draft', 'review', 'published'],
};

const REFUSALS: Record<Exclude<QuestionStatus, 'draft'>, string> = {
  review: 'レビューに回せるのは下書きだけです',
  published: '公開できるのは下書きかレビュー中の版だけです（公開済みの問題を直すときは、編集して新しい版にしてください）',
  retired: 'この問題はすでに廃止されています',
};

@CommandHandler(ChangeQuestionStatusCommand)
export class ChangeQuestionStatusHandler implements ICommandHandler<ChangeQuestionStatusCommand> {
  constructor(private readonly eventStore: EventStore) {}

  /**
   * Each move is a new version row (the history says who moved it when). A publish puts that version into
   * the bank exams draw from, replacing the one before; a retirement takes the question out. Sessions drew
   * frozen copies (exam_sessions.questions), so a running or graded exam keeps the version it drew.
   */
  async execute({ adminId, courseSlug, questionId, request, meta }: ChangeQuestionStatusCommand): Promise<BankQuestion> {
    return this.eventStore.commit(meta, async ({ tx, append, lockStream }) => {
      const course = await bankCourseBySlug(tx, courseSlug);
      const streamId = `${course.id}:${questionId}`;
      const streamVersion = await lockStream(QUESTION_STREAM, streamId);
      const latest = await latestVersionOf(tx, course.id, questionId);
      if (!latest) throw notFound('問題');
      if (latest.version !== request.expectedVersion) throw staleVersion(await currentBankQuestion(tx, latest));
      const { status } = request;
      if (!ALLOWED_FROM[status].includes(latest.status)) throw new AppError('VALIDATION_FAILED', REFUSALS[status], 'status');
      const { editedAt: _at, editedBy: _by, ...fields } = latest;
      const [row] = await tx
        .insert(questionVersions)
        .values({ ...fields, version: latest.version + 1, status, editedBy: adminId })
        .returning();
      const version = row!.version;
      const bankRow = and(eq(questions.courseId, course.id), eq(questions.questionId, questionId));
      if (status === 'published') {
        const content = { topic: row!.topic, type: row!.type, prompt: row!.prompt, choices: row!.choices, explanation: row!.explanation, difficulty: row!.difficulty };
        const contentHash = createHash('sha256').update(JSON.stringify({ courseId: course.id, questionId, ...content })).digest('hex');
        await tx
          .insert(questions)
          .values({ courseId: course.id, questionId, ...content, version, contentHash })
          .onConflictDoUpdate({ target: [questions.courseId, questions.questionId], set: { ...content, version, contentHash } });
      }
      if (status === 'retired') await tx.delete(questions).where(bankRow);
      const fact = { courseId: course.id, courseSlug, questionId, version, topic: row!.topic, editedBy: adminId };
      const event = status === 'review' ? new QuestionSubmittedForReview(fact) : status === 'published' ? new QuestionPublished(fact) : new QuestionRetired(fact);
      await append({ streamType: QUESTION_STREAM, streamId, expectedVersion: streamVersion }, [event]);
      return currentBankQuestion(tx, row!);
    });
  }
}
