import { Module } from '@nestjs/common';
import { MarkCourseVisitedHandler } from './commands/mark-course-visited/mark-course-visited.handler.js';
import { SetCourseFavoriteHandler } from './commands/set-course-favorite/set-course-favorite.handler.js';
import { CourseActivityController } from './course-activity.controller.js';

@Module({
  controllers: [CourseActivityController],
  providers: [SetCourseFavoriteHandler, MarkCourseVisitedHandler],
})
export class CourseActivityModule {}
