import { Body, Controller, Param } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { CurrentUser } from '../../common/auth/current-user.decorator.js';
import { RequestMeta } from '../../common/auth/request-meta.decorator.js';
import type { SessionUser } from '../../common/auth/session-lookup.js';
import { CourseKindOfRoute } from '../../common/http/course-kind-of-route.js';
import { Endpoint } from '../../common/http/endpoint.decorator.js';
import type { ActivityCourseKind, SetFavoriteRequest } from '../../contracts/course-activity.js';
import { markCourseVisited, setFavorite } from '../../contracts/routes/course-activity.js';
import type { EventMeta } from '../../database/event-store.js';
import { MarkCourseVisitedCommand } from './commands/mark-course-visited/mark-course-visited.command.js';
import { SetCourseFavoriteCommand } from './commands/set-course-favorite/set-course-favorite.command.js';

/** Marking a course as wished for, and as visited (the paths name only the kinds that have both, spec §7): a learner's own, after the agreements (the lists are catalogue's `MyCourseListsController`). */
@Controller()
export class CourseActivityController {
  constructor(private readonly commandBus: CommandBus) {}

  @Endpoint(setFavorite)
  setFavorite(
    @CourseKindOfRoute() kind: ActivityCourseKind,
    @Param('courseSlug') slug: string,
    @Body() body: SetFavoriteRequest,
    @CurrentUser() user: SessionUser,
    @RequestMeta() meta: EventMeta,
  ) {
    return this.commandBus.execute(new SetCourseFavoriteCommand(user.id, kind, slug, body.value, meta));
  }

  @Endpoint(markCourseVisited)
  markVisited(@CourseKindOfRoute() kind: ActivityCourseKind, @Param('courseSlug') slug: string, @CurrentUser() user: SessionUser, @RequestMeta() meta: EventMeta) {
    return this.commandBus.execute(new MarkCourseVisitedCommand(user.id, kind, slug, meta));
  }
}
