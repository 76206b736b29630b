import { Module } from '@nestjs/common';
import { AnswerLessonQuestionnaireHandler } from './commands/answer-lesson-questionnaire/answer-lesson-questionnaire.handler.js';
import { CompleteLessonHandler } from './commands/complete-lesson/complete-lesson.handler.js';
import { GiveCourseFeedbackHandler } from './commands/give-course-feedback/give-course-feedback.handler.js';
import { LessonsController } from './lessons.controller.js';
import { GetLessonHandler } from './queries/get-lesson/get-lesson.handler.js';

@Module({
  controllers: [LessonsController],
  providers: [GetLessonHandler, CompleteLessonHandler, GiveCourseFeedbackHandler, AnswerLessonQuestionnaireHandler],
})
export class LessonsModule {}
