import { Module } from '@nestjs/common';
import { CoursePagesController } from './course-pages.controller.js';
import { MyCourseListsController } from './my-course-lists.controller.js';
import { GetCertificationCourseHandler } from './queries/get-certification-course/get-certification-course.handler.js';
import { GetCourseHandler } from './queries/get-course/get-course.handler.js';
import { ListCertificationCoursesHandler } from './queries/list-certification-courses/list-certification-courses.handler.js';
import { ListCourseHistoryHandler } from './queries/list-course-history/list-course-history.handler.js';
import { ListFavoriteCoursesHandler } from './queries/list-favorite-courses/list-favorite-courses.handler.js';
import { ListLearningCoursesHandler } from './queries/list-learning-courses/list-learning-courses.handler.js';
import { ListProgramCoursesHandler } from './queries/list-program-courses/list-program-courses.handler.js';

/** The learner-facing course lists and course pages: catalogue content with the learner's progress, wishes, badges and exam standing. */
@Module({
  controllers: [CoursePagesController, MyCourseListsController],
  providers: [
    ListLearningCoursesHandler,
    ListProgramCoursesHandler,
    GetCourseHandler,
    ListCertificationCoursesHandler,
    GetCertificationCourseHandler,
    ListFavoriteCoursesHandler,
    ListCourseHistoryHandler,
  ],
})
export class CoursePagesModule {}
