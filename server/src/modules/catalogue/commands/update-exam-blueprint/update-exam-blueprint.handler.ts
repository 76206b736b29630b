import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { eq } from 'drizzle-orm';
import { AppError } from '../../../../core/errors/app-error.js';
import { EventStore } from '../../../../database/event-store.js';
import { courses } from '../../catalogue.schema.js';
import { COURSE_STREAM, ExamBlueprintUpdated } from '../../events.js';
import { bankCourseBySlug, blueprintShortfall, liveQuestionCountsByTopic, publishedCountsByTopic } from '../../studio/question-bank.js';
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
    const unnamed = Object.keys(blueprint.topics).find((topic) => !blueprint.topicNames[topic]?.trim());
    if (unnamed) throw new AppError('VALIDATION_FAILED', `分野「${unnamed}」の名前を入力してください`, `blueprint.topicNames.${unnamed}`);
    // Names of topics the blueprint no longer has are dropped: one topic list, as the pack writes it.
    const topicNames = Object.fromEntries(Object.keys(blueprint.topics).map((topic) => [topic, blueprint.topicNames[topic]!.trim()]));
    return this.eventStore.commit(meta, async ({ tx, append, lockStream }) => {
      const course = await bankCourseBySlug(tx, courseSlug);
      const streamVersion = await lockStream(COURSE_STREAM, course.id);
      if (course.version !== expectedVersion) throw staleVersion({ courseVersion: course.version, blueprint: course.blueprint });
      if (blueprint.questionCount === 0 && course.blueprint.questionCount > 0) {
        throw new AppError('VALIDATION_FAILED', '受講者に公開中の試験です。出題数は 1 問以上にしてください', 'blueprint.questionCount');
      }
      const removed = Object.keys(course.blueprint.topics).filter((topic) => !Object.hasOwn(blueprint.topics, topic));
      const inUse = await liveQuestionCountsByTopic(tx, course.id, removed);
      const [heldTopic] = removed.filter((topic) => (inUse[topic] ?? 0) > 0);
      if (heldTopic) {
        const name = course.blueprint.topicNames[heldTopic] ?? heldTopic;
        throw new AppError('VALIDATION_FAILED', `分野「${name}」には問題が ${inUse[heldTopic]} 問あります。別の分野へ移すか廃止してから分野を削除してください`, `blueprint.topics.${heldTopic}`);
      }
      const shortfall = blueprintShortfall(blueprint, await publishedCountsByTopic(tx, course.id));
      if (shortfall) throw new AppError('VALIDATION_FAILED', shortfall.message, `blueprint.topics.${shortfall.topic}`);
      const courseVersion = course.version + 1;
      const { badgeValidMonths, ...rest } = blueprint;
      const exam = { ...rest, topicNames };
      await tx.update(courses).set({ exam, badgeValidMonths, version: courseVersion, updatedAt: new Date(), updatedBy: adminId }).where(eq(courses.id, course.id));
      await append({ streamType: COURSE_STREAM, streamId: course.id, expectedVersion: streamVersion }, [
        new ExamBlueprintUpdated({ courseId: course.id, courseSlug, courseVersion, questionCount: blueprint.questionCount, minutes: blueprint.minutes, passPercent: blueprint.passPercent, updatedBy: adminId }),
      ]);
      return { courseVersion };
    });
  }
}
