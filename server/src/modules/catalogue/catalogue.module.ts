import { Module } from '@nestjs/common';
import { CatalogueController } from './catalogue.controller.js';
import { CataloguePages } from './catalogue-pages.js';
import { MyCourseListsController } from './my-course-lists.controller.js';
import { GetCampaignHandler } from './queries/get-campaign/get-campaign.handler.js';
import { GetCategoriesHandler } from './queries/get-categories/get-categories.handler.js';
import { GetCertificationCourseHandler } from './queries/get-certification-course/get-certification-course.handler.js';
import { GetCourseHandler } from './queries/get-course/get-course.handler.js';
import { GetFeaturedHandler } from './queries/get-featured/get-featured.handler.js';
import { GetProgramsHandler } from './queries/get-programs/get-programs.handler.js';
import { ListCourseHistoryHandler } from './queries/list-course-history/list-course-history.handler.js';
import { ListFavoriteCoursesHandler } from './queries/list-favorite-courses/list-favorite-courses.handler.js';
import { ListCertificationCoursesHandler } from './queries/list-certification-courses/list-certification-courses.handler.js';
import { ListLearningCoursesHandler } from './queries/list-learning-courses/list-learning-courses.handler.js';
import { ListProgramCoursesHandler } from './queries/list-program-courses/list-program-courses.handler.js';

@Module({
  controllers: [CatalogueController, MyCourseListsController],
  providers: [
    GetProgramsHandler,
    GetCategoriesHandler,
    GetFeaturedHandler,
    GetCampaignHandler,
    ListLearningCoursesHandler,
    ListProgramCoursesHandler,
    GetCourseHandler,
    ListCertificationCoursesHandler,
    GetCertificationCourseHandler,
    ListFavoriteCoursesHandler,
    ListCourseHistoryHandler,
    CataloguePages,
  ],
  // The API's page answers (bootstrap/create-api-app.ts) ask it whether a course page exists.
  exports: [CataloguePages],
})
export class CatalogueModule {}
