import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { eq } from 'drizzle-orm';
import { AppError } from '../../../../core/errors/app-error.js';
import { EventStore } from '../../../../database/event-store.js';
import { courses } from '../../catalogue.schema.js';
import { COURSE_STREAM, ExamBlueprintUpdated } from '../../events.js';
import { bankCourseBySlug, blueprintShortfall, publishedCountsByTopic } from '../../studio/question-bank.js';
import { staleVersion } from '../../studio/studio-rules.js';
import { UpdateExamBlueprintCommand } from './update-exam-blueprint.command.js';

@CommandHandler(UpdateExamBlueprintCommand)
export class UpdateExamBlueprintHandler implements ICommandHandler<UpdateExamBlueprintCommand> {
  constructor(private readonly eventStore: EventStore) {}

  /** Refused when the published bank cannot fill it (the short topic named): a learner could not be given the exam. */
  async execute({ adminId, courseSlug, request, meta }: UpdateExamBlueprintCommand): Promise<{ courseVersion: number }> {
    const { blueprint, expectedVersion } = request;
    const counted = Object.values(blueprint.topics).reduce((sum, count) => sum + count, 0);
    if (counted !== blueprint.questionCount) {
      throw new AppError('VALIDATION_FAILED', `分野ごとの出題数の合計（${counted} 問）を出題数（${blueprint.questionCount} 問）に合わせてください`, 'blueprint.topics');
    }
    const unnamed = Object.keys(blueprint.topics).find((topic) => !blueprint.topicNames[topic]);
    if (unnamed) throw new AppError('VALIDATION_FAILED', `分野「${unnamed}」の名前を入力してください`, 'blueprint.topicNames');
    return this.eventStore.commit(meta, async ({ tx, append, lockStream }) => {
      const course = await bankCourseBySlug(tx, courseSlug);
      const streamVersion = await lockStream(COURSE_STREAM, course.id);
      if (course.version !== expectedVersion) throw staleVersion({ courseVersion: course.version, blueprint: course.blueprint });
      const shortfall = blueprintShortfall(blueprint, await publishedCountsByTopic(tx, course.id));
      if (shortfall) throw new AppError('VALIDATION_FAILED', shortfall.message, `blueprint.topics.${shortfall.topic}`);
      const courseVersion = course.version + 1;
      const { badgeValidMonths, ...exam } = blueprint;
      await tx.update(courses).set({ exam, badgeValidMonths, version: courseVersion, updatedAt: new Date(), updatedBy: adminId }).where(eq(courses.id, course.id));
      await append({ streamType: COURSE_STREAM, streamId: course.id, expectedVersion: streamVersion }, [
        new ExamBlueprintUpdated({ courseId: course.id, courseSlug, courseVersion, questionCount: blueprint.questionCount, minutes: blueprint.minutes, passPercent: blueprint.passPercent, updatedBy: adminId }),
      ]);
      return { courseVersion };
    });
  }
}
