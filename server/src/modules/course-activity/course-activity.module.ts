import { Module } from '@nestjs/common';
import { MarkCourseVisitedHandler } from './commands/mark-course-visited/mark-course-visited.handler.js';
import { SetCourseFavoriteHandler } from './commands/set-course-favorite/set-course-favorite.handler.js';
import { CourseActivityController } from './course-activity.controller.js';
import { ListCourseHistoryHandler } from './queries/list-course-history/list-course-history.handler.js';
import { ListFavoriteCoursesHandler } from './queries/list-favorite-courses/list-favorite-courses.handler.js';

@Module({
  controllers: [CourseActivityController],
  providers: [SetCourseFavoriteHandler, MarkCourseVisitedHandler, ListFavoriteCoursesHandler, ListCourseHistoryHandler],
})
export class CourseActivityModule {}
