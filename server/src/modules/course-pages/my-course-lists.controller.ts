import { Controller, Query } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { CurrentUser } from '../../common/auth/current-user.decorator.js';
import type { SessionUser } from '../../common/auth/session-lookup.js';
import { Endpoint } from '../../common/http/endpoint.decorator.js';
import type { ActivityCourseKind, CourseHistoryQuery } from '../../contracts/course-activity.js';
import { listCourseHistory, listFavoriteCourses } from '../../contracts/routes/course-activity.js';
import { ListCourseHistoryQuery } from './queries/list-course-history/list-course-history.query.js';
import { ListFavoriteCoursesQuery } from './queries/list-favorite-courses/list-favorite-courses.query.js';

/** The wish list and the course history: a learner's own course cards, after the agreements. */
@Controller()
export class MyCourseListsController {
  constructor(private readonly queryBus: QueryBus) {}

  @Endpoint(listFavoriteCourses)
  favoriteCourses(@Query() query: { type?: ActivityCourseKind }, @CurrentUser() user: SessionUser) {
    return this.queryBus.execute(new ListFavoriteCoursesQuery(user.id, query.type));
  }

  @Endpoint(listCourseHistory)
  courseHistory(@Query() query: CourseHistoryQuery, @CurrentUser() user: SessionUser) {
    return this.queryBus.execute(new ListCourseHistoryQuery(user.id, query));
  }
}
