import { randomBytes } from 'node:crypto';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { AppError, notFound } from '../../../../core/errors/app-error.js';
import type { BankQuestion } from '../../../../contracts/studio-questions.js';
import { EventStore } from '../../../../database/event-store.js';
import { questionVersions } from '../../catalogue.schema.js';
import { QUESTION_STREAM, QuestionDrafted } from '../../events.js';
import { bankCourseBySlug, currentBankQuestion, latestVersionOf } from '../../studio/question-bank.js';
import { staleVersion } from '../../studio/studio-rules.js';
import { SaveQuestionCommand } from './save-question.command.js';

const QUESTION_ID = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

@CommandHandler(SaveQuestionCommand)
export class SaveQuestionHandler implements ICommandHandler<SaveQuestionCommand> {
  constructor(private readonly eventStore: EventStore) {}

  /** A new version row with the draft status; the published bank (what exams draw) is untouched until a publish. */
  async execute({ adminId, courseSlug, questionId, request, meta }: SaveQuestionCommand): Promise<BankQuestion> {
    if (questionId !== null && !QUESTION_ID.test(questionId)) throw notFound('問題');
    return this.eventStore.commit(meta, async ({ tx, append, lockStream }) => {
      const course = await bankCourseBySlug(tx, courseSlug);
      const { question } = request;
      if (!Object.hasOwn(course.blueprint.topics, question.topic)) {
        throw new AppError('VALIDATION_FAILED', `分野は出題設計にあるもの（${Object.keys(course.blueprint.topics).join('、')}）から選んでください`, 'question.topic');
      }
      const id = questionId ?? `${courseSlug.replace(/-(basic|advanced)$/, '')}-s${randomBytes(4).toString('hex')}`;
      const streamId = `${course.id}:${id}`;
      const streamVersion = await lockStream(QUESTION_STREAM, streamId);
      const latest = await latestVersionOf(tx, course.id, id);
      if (questionId !== null && !latest) throw notFound('問題');
      if ((latest?.version ?? 0) !== request.expectedVersion) {
        // The newer version travels with the refusal, for the editor to show.
        if (latest) throw staleVersion(await currentBankQuestion(tx, latest));
        throw new AppError('VALIDATION_FAILED', '新しい問題の expectedVersion は 0 です', 'expectedVersion');
      }
      const [row] = await tx
        .insert(questionVersions)
        .values({ courseId: course.id, questionId: id, version: (latest?.version ?? 0) + 1, status: 'draft', ...question, editedBy: adminId })
        .returning();
      await append({ streamType: QUESTION_STREAM, streamId, expectedVersion: streamVersion }, [
        new QuestionDrafted({ courseId: course.id, courseSlug, questionId: id, version: row!.version, topic: row!.topic, editedBy: adminId }),
      ]);
      return currentBankQuestion(tx, row!);
    });
  }
}
