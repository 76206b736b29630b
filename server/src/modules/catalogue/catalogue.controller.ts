import { Controller, Query } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { Endpoint } from '../../common/http/endpoint.decorator.js';
import type { Category } from '../../contracts/catalogue.js';
import { getCampaign, getCategories, getFeatured, getPrograms } from '../../contracts/routes/catalogue.js';
import { tokyoDay } from '../../contracts/tokyo-date.js';
import { GetCampaignQuery } from './queries/get-campaign/get-campaign.query.js';
import { GetCategoriesQuery } from './queries/get-categories/get-categories.query.js';
import { GetFeaturedQuery } from './queries/get-featured/get-featured.query.js';
import { GetProgramsQuery } from './queries/get-programs/get-programs.query.js';

/** The catalogue's content, the same for visitors and learners (course lists and pages: course-pages). */
@Controller()
export class CatalogueController {
  constructor(private readonly queryBus: QueryBus) {}

  @Endpoint(getPrograms)
  programs() {
    return this.queryBus.execute(new GetProgramsQuery());
  }

  @Endpoint(getCategories)
  categories(@Query() query: { program: Category['program'] }) {
    return this.queryBus.execute(new GetCategoriesQuery(query.program));
  }

  @Endpoint(getFeatured)
  featured() {
    return this.queryBus.execute(new GetFeaturedQuery());
  }

  @Endpoint(getCampaign)
  campaign() {
    return this.queryBus.execute(new GetCampaignQuery(tokyoDay(new Date())));
  }
}
