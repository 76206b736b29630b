import { Controller, Get, Query } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { Access } from '../../common/auth/access.decorator.js';
import { CurrentUser } from '../../common/auth/current-user.decorator.js';
import type { SessionUser } from '../../common/auth/session-store.js';
import { ZodValidationPipe } from '../../common/validation/zod-validation.pipe.js';
import { type ActivityCourseKind, courseHistoryQuerySchema, type CourseHistoryQuery, favoriteCoursesQuerySchema } from '../../contracts/course-activity.js';
import { ListCourseHistoryQuery } from './queries/list-course-history/list-course-history.query.js';
import { ListFavoriteCoursesQuery } from './queries/list-favorite-courses/list-favorite-courses.query.js';

/** The wish list and the course history: a learner's own course cards, after the agreements. */
@Controller()
@Access('agreed')
export class MyCourseListsController {
  constructor(private readonly queryBus: QueryBus) {}

  @Get('v2/favorite-courses')
  favoriteCourses(@Query(new ZodValidationPipe(favoriteCoursesQuerySchema, 'query')) query: { type?: ActivityCourseKind }, @CurrentUser() user: SessionUser) {
    return this.queryBus.execute(new ListFavoriteCoursesQuery(user.id, query.type));
  }

  @Get('v2/course-history')
  courseHistory(@Query(new ZodValidationPipe(courseHistoryQuerySchema, 'query')) query: CourseHistoryQuery, @CurrentUser() user: SessionUser) {
    return this.queryBus.execute(new ListCourseHistoryQuery(user.id, query));
  }
}
