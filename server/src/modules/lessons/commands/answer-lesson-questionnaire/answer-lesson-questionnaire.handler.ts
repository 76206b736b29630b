import { randomUUID } from 'node:crypto';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { EventStore } from '../../../../database/event-store.js';
import { lessonQuestionnaireAnswers } from '../../lessons.schema.js';
import { LessonQuestionnaireAnswered, QUESTIONNAIRE_STREAM } from '../../events.js';
import { findLesson } from '../../find-lesson.js';
import { AnswerLessonQuestionnaireCommand } from './answer-lesson-questionnaire.command.js';

/** "Was this lesson useful?" — stored with the lesson, from learners and visitors alike. */
@CommandHandler(AnswerLessonQuestionnaireCommand)
export class AnswerLessonQuestionnaireHandler implements ICommandHandler<AnswerLessonQuestionnaireCommand> {
  constructor(private readonly eventStore: EventStore) {}

  execute({ userId, answer, meta }: AnswerLessonQuestionnaireCommand): Promise<{ receivedAt: string }> {
    return this.eventStore.commit(meta, async ({ tx, append }) => {
      const { course, lesson } = await findLesson(tx, {
        kind: answer.courseKind,
        courseSlug: answer.courseSlug,
        // A seminar's only lesson is addressed through its course.
        lessonSlug: answer.courseKind === 'seminar' ? null : answer.lessonSlug,
      });
      const id = randomUUID();
      const answeredAt = new Date();
      const comment = answer.answers.comment?.trim() || null;
      await append({ streamType: QUESTIONNAIRE_STREAM, streamId: id, expectedVersion: 0 }, [
        new LessonQuestionnaireAnswered({ courseKind: course.kind, courseSlug: course.slug, lessonId: lesson.id, lessonSlug: lesson.slug, useful: answer.answers.useful, comment }),
      ]);
      await tx.insert(lessonQuestionnaireAnswers).values({ id, userId, lessonId: lesson.id, useful: answer.answers.useful, comment, answeredAt });
      return { receivedAt: answeredAt.toISOString() };
    });
  }
}
