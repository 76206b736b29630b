import { Body, Controller, Param, Put } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { Access } from '../../common/auth/access.decorator.js';
import { CurrentUser } from '../../common/auth/current-user.decorator.js';
import { RequestMeta } from '../../common/auth/request-meta.decorator.js';
import type { SessionUser } from '../../common/auth/session-store.js';
import { CourseKindOfRoute } from '../../common/http/course-kind-of-route.js';
import { ZodValidationPipe } from '../../common/validation/zod-validation.pipe.js';
import { type ActivityCourseKind, setFavoriteRequestSchema, type SetFavoriteRequest } from '../../contracts/course-activity.js';
import type { EventMeta } from '../../database/event-store.js';
import { MarkCourseVisitedCommand } from './commands/mark-course-visited/mark-course-visited.command.js';
import { SetCourseFavoriteCommand } from './commands/set-course-favorite/set-course-favorite.command.js';

const favoriteBody = new ZodValidationPipe(setFavoriteRequestSchema, 'body');

/** Marking a course as wished for, and as visited (the paths name only the kinds that have both, spec §7): a learner's own, after the agreements (the lists are catalogue's `MyCourseListsController`). */
@Controller()
@Access('agreed')
export class CourseActivityController {
  constructor(private readonly commandBus: CommandBus) {}

  @Put(['v1/learning-courses/:courseSlug/is-favorite', 'v1/seminar-courses/:courseSlug/is-favorite', 'v1/certification-courses/:courseSlug/is-favorite'])
  setFavorite(
    @CourseKindOfRoute() kind: ActivityCourseKind,
    @Param('courseSlug') slug: string,
    @Body(favoriteBody) body: SetFavoriteRequest,
    @CurrentUser() user: SessionUser,
    @RequestMeta() meta: EventMeta,
  ) {
    return this.commandBus.execute(new SetCourseFavoriteCommand(user.id, kind, slug, body.value, meta));
  }

  @Put(['v1/learning-courses/:courseSlug/mark-as-visited', 'v1/seminar-courses/:courseSlug/mark-as-visited', 'v1/certification-courses/:courseSlug/mark-as-visited'])
  markVisited(@CourseKindOfRoute() kind: ActivityCourseKind, @Param('courseSlug') slug: string, @CurrentUser() user: SessionUser, @RequestMeta() meta: EventMeta) {
    return this.commandBus.execute(new MarkCourseVisitedCommand(user.id, kind, slug, meta));
  }
}
