import { Controller, Get, Param, Query, Req, UseGuards } from '@nestjs/common';
import type { AuthenticatedRequest } from '../../common/auth/login-required.guard.js';
import { OptionalSessionGuard } from '../../common/auth/optional-session.guard.js';
import { QueryBus } from '@nestjs/cqrs';
import { ZodValidationPipe } from '../../common/validation/zod-validation.pipe.js';
import { categoriesQuerySchema, type Category, learningCoursesQuerySchema, type LearningCoursesQuery } from '../../contracts/catalogue.js';
import { GetLearningCourseQuery } from './queries/get-learning-course/get-learning-course.query.js';
import { ListLearningCoursesQuery } from './queries/list-learning-courses/list-learning-courses.query.js';
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

  @Get('learning-courses')
  learningCourses(@Query(new ZodValidationPipe(learningCoursesQuerySchema, 'query')) filters: LearningCoursesQuery) {
    return this.queryBus.execute(new ListLearningCoursesQuery(filters));
  }

  @Get('learning-courses/:courseSlug')
  @UseGuards(OptionalSessionGuard)
  learningCourse(@Param('courseSlug') slug: string, @Req() request: Partial<AuthenticatedRequest>) {
    return this.queryBus.execute(new GetLearningCourseQuery(slug, request.user !== undefined));
  }

  @Get('campaign')
  campaign() {
    return this.queryBus.execute(new GetCampaignQuery(todayInTokyo()));
  }
}
