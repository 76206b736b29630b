import { Body, Controller, Param } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { CurrentUser } from '../../common/auth/current-user.decorator.js';
import { RequestMeta } from '../../common/auth/request-meta.decorator.js';
import type { SessionUser } from '../../common/auth/session-lookup.js';
import { CourseKindOfRoute } from '../../common/http/course-kind-of-route.js';
import { Endpoint } from '../../common/http/endpoint.decorator.js';
import type { CourseKind } from '../../contracts/catalogue.js';
import type { FeedbackRequest, LessonQuestionnaireRequest } from '../../contracts/lessons.js';
import {
  answerLessonQuestionnaire,
  completeLesson,
  completeSeminarLesson,
  getLesson,
  getSeminarLesson,
  giveCourseFeedback,
} from '../../contracts/routes/lessons.js';
import type { EventMeta } from '../../database/event-store.js';
import { AnswerLessonQuestionnaireCommand } from './commands/answer-lesson-questionnaire/answer-lesson-questionnaire.command.js';
import { CompleteLessonCommand } from './commands/complete-lesson/complete-lesson.command.js';
import { GiveCourseFeedbackCommand } from './commands/give-course-feedback/give-course-feedback.command.js';
import { GetLessonQuery } from './queries/get-lesson/get-lesson.query.js';

/** Lesson pages, their completion, the course review and the lesson questionnaire (spec §7); one handler serves every course kind. */
@Controller()
export class LessonsController {
  constructor(
    private readonly queryBus: QueryBus,
    private readonly commandBus: CommandBus,
  ) {}

  @Endpoint(getLesson, getSeminarLesson)
  lesson(@CourseKindOfRoute() kind: CourseKind, @Param('courseSlug') courseSlug: string, @Param('lessonSlug') lessonSlug: string | undefined, @CurrentUser() user?: SessionUser) {
    return this.queryBus.execute(new GetLessonQuery({ kind, courseSlug, lessonSlug: lessonSlug ?? null }, user?.id ?? null));
  }

  @Endpoint(completeLesson, completeSeminarLesson)
  complete(
    @CourseKindOfRoute() kind: CourseKind,
    @Param('courseSlug') courseSlug: string,
    @Param('lessonSlug') lessonSlug: string | undefined,
    @CurrentUser() user: SessionUser,
    @RequestMeta() meta: EventMeta,
  ) {
    return this.commandBus.execute(new CompleteLessonCommand(user.id, { kind, courseSlug, lessonSlug: lessonSlug ?? null }, meta));
  }

  @Endpoint(giveCourseFeedback)
  feedback(
    @CourseKindOfRoute() kind: CourseKind,
    @Param('courseSlug') courseSlug: string,
    @Body() body: FeedbackRequest,
    @CurrentUser() user: SessionUser,
    @RequestMeta() meta: EventMeta,
  ) {
    return this.commandBus.execute(new GiveCourseFeedbackCommand(user.id, kind, courseSlug, body, meta));
  }

  @Endpoint(answerLessonQuestionnaire)
  questionnaire(@Body() body: LessonQuestionnaireRequest, @RequestMeta() meta: EventMeta, @CurrentUser() user?: SessionUser) {
    return this.commandBus.execute(new AnswerLessonQuestionnaireCommand(user?.id ?? null, body, meta));
  }
}
