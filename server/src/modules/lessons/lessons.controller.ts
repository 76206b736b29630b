import { Body, Controller, Get, HttpCode, Param, Post, Put } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { Access } from '../../common/auth/access.decorator.js';
import { CurrentUser } from '../../common/auth/current-user.decorator.js';
import { RequestMeta } from '../../common/auth/request-meta.decorator.js';
import type { SessionUser } from '../../common/auth/session-store.js';
import { CourseKindOfRoute } from '../../common/http/course-kind-of-route.js';
import { ZodValidationPipe } from '../../common/validation/zod-validation.pipe.js';
import type { CourseKind } from '../../contracts/catalogue.js';
import { feedbackRequestSchema, type FeedbackRequest, lessonQuestionnaireRequestSchema, type LessonQuestionnaireRequest } from '../../contracts/lessons.js';
import type { EventMeta } from '../../database/event-store.js';
import { AnswerLessonQuestionnaireCommand } from './commands/answer-lesson-questionnaire/answer-lesson-questionnaire.command.js';
import { CompleteLessonCommand } from './commands/complete-lesson/complete-lesson.command.js';
import { GiveCourseFeedbackCommand } from './commands/give-course-feedback/give-course-feedback.command.js';
import { GetLessonQuery } from './queries/get-lesson/get-lesson.query.js';

/** Lesson pages, their completion, the course review and the lesson questionnaire (spec §7); one handler serves every course kind. */
@Controller('v1')
export class LessonsController {
  constructor(
    private readonly queryBus: QueryBus,
    private readonly commandBus: CommandBus,
  ) {}

  @Get([
    'learning-courses/:courseSlug/lessons/:lessonSlug',
    'certification-courses/:courseSlug/lessons/:lessonSlug',
    'video-courses/:courseSlug/lessons/:lessonSlug',
    'seminar-courses/:courseSlug/lesson',
  ])
  @Access('public')
  lesson(@CourseKindOfRoute() kind: CourseKind, @Param('courseSlug') courseSlug: string, @Param('lessonSlug') lessonSlug: string | undefined, @CurrentUser() user?: SessionUser) {
    return this.queryBus.execute(new GetLessonQuery({ kind, courseSlug, lessonSlug: lessonSlug ?? null }, user?.id ?? null));
  }

  @Put([
    'learning-courses/:courseSlug/lessons/:lessonSlug/mark-as-completed',
    'certification-courses/:courseSlug/lessons/:lessonSlug/mark-as-completed',
    'video-courses/:courseSlug/lessons/:lessonSlug/mark-as-completed',
    'seminar-courses/:courseSlug/lesson/mark-as-completed',
  ])
  @Access('agreed')
  complete(
    @CourseKindOfRoute() kind: CourseKind,
    @Param('courseSlug') courseSlug: string,
    @Param('lessonSlug') lessonSlug: string | undefined,
    @CurrentUser() user: SessionUser,
    @RequestMeta() meta: EventMeta,
  ) {
    return this.commandBus.execute(new CompleteLessonCommand(user.id, { kind, courseSlug, lessonSlug: lessonSlug ?? null }, meta));
  }

  @Post(['learning-courses/:courseSlug/feedback', 'seminar-courses/:courseSlug/feedback', 'video-courses/:courseSlug/feedback', 'certification-courses/:courseSlug/feedback'])
  @HttpCode(200)
  @Access('agreed')
  feedback(
    @CourseKindOfRoute() kind: CourseKind,
    @Param('courseSlug') courseSlug: string,
    @Body(new ZodValidationPipe(feedbackRequestSchema)) body: FeedbackRequest,
    @CurrentUser() user: SessionUser,
    @RequestMeta() meta: EventMeta,
  ) {
    return this.commandBus.execute(new GiveCourseFeedbackCommand(user.id, kind, courseSlug, body, meta));
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
}
