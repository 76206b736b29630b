import { Body, Controller, Param, Put } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { Access } from '../../common/auth/access.decorator.js';
import { CurrentUser } from '../../common/auth/current-user.decorator.js';
import { RequestMeta } from '../../common/auth/request-meta.decorator.js';
import type { SessionUser } from '../../common/auth/session-store.js';
import { ZodValidationPipe } from '../../common/validation/zod-validation.pipe.js';
import { type ActivityCourseKind, setFavoriteRequestSchema, type SetFavoriteRequest } from '../../contracts/course-activity.js';
import type { EventMeta } from '../../database/event-store.js';
import { MarkCourseVisitedCommand } from './commands/mark-course-visited/mark-course-visited.command.js';
import { SetCourseFavoriteCommand } from './commands/set-course-favorite/set-course-favorite.command.js';

const favoriteBody = new ZodValidationPipe(setFavoriteRequestSchema, 'body');

/** Marking a course as wished for, and as visited: a learner's own, after the agreements (the lists are catalogue's `MyCourseListsController`). */
@Controller()
@Access('agreed')
export class CourseActivityController {
  constructor(private readonly commandBus: CommandBus) {}

  @Put('v1/learning-courses/:courseSlug/is-favorite')
  learningFavorite(@Param('courseSlug') slug: string, @Body(favoriteBody) body: SetFavoriteRequest, @CurrentUser() user: SessionUser, @RequestMeta() meta: EventMeta) {
    return this.setFavorite('learning', slug, body, user, meta);
  }

  @Put('v1/seminar-courses/:courseSlug/is-favorite')
  seminarFavorite(@Param('courseSlug') slug: string, @Body(favoriteBody) body: SetFavoriteRequest, @CurrentUser() user: SessionUser, @RequestMeta() meta: EventMeta) {
    return this.setFavorite('seminar', slug, body, user, meta);
  }

  @Put('v1/certification-courses/:courseSlug/is-favorite')
  certificationFavorite(@Param('courseSlug') slug: string, @Body(favoriteBody) body: SetFavoriteRequest, @CurrentUser() user: SessionUser, @RequestMeta() meta: EventMeta) {
    return this.setFavorite('certification', slug, body, user, meta);
  }

  @Put('v1/learning-courses/:courseSlug/mark-as-visited')
  learningVisited(@Param('courseSlug') slug: string, @CurrentUser() user: SessionUser, @RequestMeta() meta: EventMeta) {
    return this.commandBus.execute(new MarkCourseVisitedCommand(user.id, 'learning', slug, meta));
  }

  @Put('v1/seminar-courses/:courseSlug/mark-as-visited')
  seminarVisited(@Param('courseSlug') slug: string, @CurrentUser() user: SessionUser, @RequestMeta() meta: EventMeta) {
    return this.commandBus.execute(new MarkCourseVisitedCommand(user.id, 'seminar', slug, meta));
  }

  @Put('v1/certification-courses/:courseSlug/mark-as-visited')
  certificationVisited(@Param('courseSlug') slug: string, @CurrentUser() user: SessionUser, @RequestMeta() meta: EventMeta) {
    return this.commandBus.execute(new MarkCourseVisitedCommand(user.id, 'certification', slug, meta));
  }

  private setFavorite(kind: ActivityCourseKind, slug: string, body: SetFavoriteRequest, user: SessionUser, meta: EventMeta) {
    return this.commandBus.execute(new SetCourseFavoriteCommand(user.id, kind, slug, body.value, meta));
  }
}
