import { Module } from '@nestjs/common';
import { CatalogueController } from './catalogue.controller.js';
import { GetCampaignHandler } from './queries/get-campaign/get-campaign.handler.js';
import { GetCategoriesHandler } from './queries/get-categories/get-categories.handler.js';
import { GetFeaturedHandler } from './queries/get-featured/get-featured.handler.js';

@Module({ controllers: [CatalogueController], providers: [GetCategoriesHandler, GetFeaturedHandler, GetCampaignHandler] })
export class CatalogueModule {}
