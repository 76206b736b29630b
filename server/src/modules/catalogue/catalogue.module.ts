import { Module } from '@nestjs/common';
import { CatalogueController } from './catalogue.controller.js';
import { GetCampaignHandler } from './queries/get-campaign/get-campaign.handler.js';
import { GetCategoriesHandler } from './queries/get-categories/get-categories.handler.js';
import { GetFeaturedHandler } from './queries/get-featured/get-featured.handler.js';
import { GetLearningCourseHandler } from './queries/get-learning-course/get-learning-course.handler.js';
import { ListLearningCoursesHandler } from './queries/list-learning-courses/list-learning-courses.handler.js';

@Module({ controllers: [CatalogueController], providers: [GetCategoriesHandler, GetFeaturedHandler, GetCampaignHandler, ListLearningCoursesHandler, GetLearningCourseHandler] })
export class CatalogueModule {}
