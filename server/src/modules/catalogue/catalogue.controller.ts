import { Controller, Get, Query } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ZodValidationPipe } from '../../common/validation/zod-validation.pipe.js';
import { categoriesQuerySchema, type Category } from '../../contracts/catalogue.js';
import { GetCampaignQuery } from './queries/get-campaign/get-campaign.query.js';
import { GetCategoriesQuery } from './queries/get-categories/get-categories.query.js';
import { GetFeaturedQuery } from './queries/get-featured/get-featured.query.js';

/** Today's date in Japan, as YYYY-MM-DD. */
const todayInTokyo = () => new Intl.DateTimeFormat('sv-SE', { timeZone: 'Asia/Tokyo' }).format(new Date());

@Controller('v1')
export class CatalogueController {
  constructor(private readonly queryBus: QueryBus) {}

  @Get('categories')
  categories(@Query(new ZodValidationPipe(categoriesQuerySchema, 'program')) query: { program: Category['program'] }) {
    return this.queryBus.execute(new GetCategoriesQuery(query.program));
  }

  @Get('featured')
  featured() {
    return this.queryBus.execute(new GetFeaturedQuery());
  }

  @Get('campaign')
  campaign() {
    return this.queryBus.execute(new GetCampaignQuery(todayInTokyo()));
  }
}
