import { Body, Controller, Get, HttpCode, Param, Post, Put } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { Access } from '../../common/auth/access.decorator.js';
import { CurrentUser } from '../../common/auth/current-user.decorator.js';
import { RequestMeta } from '../../common/auth/request-meta.decorator.js';
import type { SessionUser } from '../../common/auth/session-store.js';
import { ZodValidationPipe } from '../../common/validation/zod-validation.pipe.js';
import type { CourseKind } from '../../contracts/catalogue.js';
import { feedbackRequestSchema, type FeedbackRequest, lessonQuestionnaireRequestSchema, type LessonQuestionnaireRequest } from '../../contracts/lessons.js';
import type { EventMeta } from '../../database/event-store.js';
import { AnswerLessonQuestionnaireCommand } from './commands/answer-lesson-questionnaire/answer-lesson-questionnaire.command.js';
import { CompleteLessonCommand } from './commands/complete-lesson/complete-lesson.command.js';
import { GiveCourseFeedbackCommand } from './commands/give-course-feedback/give-course-feedback.command.js';
import type { LessonAddress } from './find-lesson.js';
import { GetLessonQuery } from './queries/get-lesson/get-lesson.query.js';

const feedbackBody = new ZodValidationPipe(feedbackRequestSchema);

/** Lesson pages, their completion, the course review and the lesson questionnaire (spec §7). */
@Controller('v1')
export class LessonsController {
  constructor(
    private readonly queryBus: QueryBus,
    private readonly commandBus: CommandBus,
  ) {}

  @Get('learning-courses/:courseSlug/lessons/:lessonSlug')
  @Access('public')
  learningLesson(@Param('courseSlug') courseSlug: string, @Param('lessonSlug') lessonSlug: string, @CurrentUser() user?: SessionUser) {
    return this.lesson({ kind: 'learning', courseSlug, lessonSlug }, user);
  }

  @Get('certification-courses/:courseSlug/lessons/:lessonSlug')
  @Access('public')
  certificationLesson(@Param('courseSlug') courseSlug: string, @Param('lessonSlug') lessonSlug: string, @CurrentUser() user?: SessionUser) {
    return this.lesson({ kind: 'certification', courseSlug, lessonSlug }, user);
  }

  @Get('video-courses/:courseSlug/lessons/:lessonSlug')
  @Access('public')
  videoLesson(@Param('courseSlug') courseSlug: string, @Param('lessonSlug') lessonSlug: string, @CurrentUser() user?: SessionUser) {
    return this.lesson({ kind: 'video', courseSlug, lessonSlug }, user);
  }

  @Get('seminar-courses/:courseSlug/lesson')
  @Access('public')
  seminarLesson(@Param('courseSlug') courseSlug: string, @CurrentUser() user?: SessionUser) {
    return this.lesson({ kind: 'seminar', courseSlug, lessonSlug: null }, user);
  }

  @Put('learning-courses/:courseSlug/lessons/:lessonSlug/mark-as-completed')
  @Access('agreed')
  completeLearningLesson(@Param('courseSlug') courseSlug: string, @Param('lessonSlug') lessonSlug: string, @CurrentUser() user: SessionUser, @RequestMeta() meta: EventMeta) {
    return this.commandBus.execute(new CompleteLessonCommand(user.id, { kind: 'learning', courseSlug, lessonSlug }, meta));
  }

  @Put('certification-courses/:courseSlug/lessons/:lessonSlug/mark-as-completed')
  @Access('agreed')
  completeCertificationLesson(@Param('courseSlug') courseSlug: string, @Param('lessonSlug') lessonSlug: string, @CurrentUser() user: SessionUser, @RequestMeta() meta: EventMeta) {
    return this.commandBus.execute(new CompleteLessonCommand(user.id, { kind: 'certification', courseSlug, lessonSlug }, meta));
  }

  @Put('video-courses/:courseSlug/lessons/:lessonSlug/mark-as-completed')
  @Access('agreed')
  completeVideoLesson(@Param('courseSlug') courseSlug: string, @Param('lessonSlug') lessonSlug: string, @CurrentUser() user: SessionUser, @RequestMeta() meta: EventMeta) {
    return this.commandBus.execute(new CompleteLessonCommand(user.id, { kind: 'video', courseSlug, lessonSlug }, meta));
  }

  @Put('seminar-courses/:courseSlug/lesson/mark-as-completed')
  @Access('agreed')
  completeSeminarLesson(@Param('courseSlug') courseSlug: string, @CurrentUser() user: SessionUser, @RequestMeta() meta: EventMeta) {
    return this.commandBus.execute(new CompleteLessonCommand(user.id, { kind: 'seminar', courseSlug, lessonSlug: null }, meta));
  }

  @Post('learning-courses/:courseSlug/feedback')
  @HttpCode(200)
  @Access('agreed')
  learningFeedback(@Param('courseSlug') courseSlug: string, @Body(feedbackBody) body: FeedbackRequest, @CurrentUser() user: SessionUser, @RequestMeta() meta: EventMeta) {
    return this.feedback('learning', courseSlug, body, user, meta);
  }

  @Post('seminar-courses/:courseSlug/feedback')
  @HttpCode(200)
  @Access('agreed')
  seminarFeedback(@Param('courseSlug') courseSlug: string, @Body(feedbackBody) body: FeedbackRequest, @CurrentUser() user: SessionUser, @RequestMeta() meta: EventMeta) {
    return this.feedback('seminar', courseSlug, body, user, meta);
  }

  @Post('video-courses/:courseSlug/feedback')
  @HttpCode(200)
  @Access('agreed')
  videoFeedback(@Param('courseSlug') courseSlug: string, @Body(feedbackBody) body: FeedbackRequest, @CurrentUser() user: SessionUser, @RequestMeta() meta: EventMeta) {
    return this.feedback('video', courseSlug, body, user, meta);
  }

  @Post('certification-courses/:courseSlug/feedback')
  @HttpCode(200)
  @Access('agreed')
  certificationFeedback(@Param('courseSlug') courseSlug: string, @Body(feedbackBody) body: FeedbackRequest, @CurrentUser() user: SessionUser, @RequestMeta() meta: EventMeta) {
    return this.feedback('certification', courseSlug, body, user, meta);
  }

  @Post('questionnaires/lesson/answers')
  @HttpCode(200)
  @Access('public')
  questionnaire(
    @Body(new ZodValidationPipe(lessonQuestionnaireRequestSchema)) body: LessonQuestionnaireRequest,
    @RequestMeta() meta: EventMeta,
    @CurrentUser() user?: SessionUser,
  ) {
    return this.commandBus.execute(new AnswerLessonQuestionnaireCommand(user?.id ?? null, body, meta));
  }

  private lesson(address: LessonAddress, user: SessionUser | undefined) {
    return this.queryBus.execute(new GetLessonQuery(address, user?.id ?? null));
  }

  private feedback(kind: CourseKind, courseSlug: string, body: FeedbackRequest, user: SessionUser, meta: EventMeta) {
    return this.commandBus.execute(new GiveCourseFeedbackCommand(user.id, kind, courseSlug, body, meta));
  }
}
