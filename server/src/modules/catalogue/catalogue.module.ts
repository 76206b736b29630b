import { Module } from '@nestjs/common';
import { CatalogueController } from './catalogue.controller.js';
import { CataloguePages } from './catalogue-pages.js';
import { GetCampaignHandler } from './queries/get-campaign/get-campaign.handler.js';
import { GetCategoriesHandler } from './queries/get-categories/get-categories.handler.js';
import { GetFeaturedHandler } from './queries/get-featured/get-featured.handler.js';
import { GetProgramsHandler } from './queries/get-programs/get-programs.handler.js';

@Module({
  controllers: [CatalogueController],
  providers: [
    GetProgramsHandler,
    GetCategoriesHandler,
    GetFeaturedHandler,
    GetCampaignHandler,
    CataloguePages,
  ],
  // The API's page answers (bootstrap/create-api-app.ts) ask it whether a course page exists.
  exports: [CataloguePages],
})
export class CatalogueModule {}
