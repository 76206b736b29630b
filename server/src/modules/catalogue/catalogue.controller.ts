import { Controller, Get, Param, Query } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { Access } from '../../common/auth/access.decorator.js';
import { CurrentUser } from '../../common/auth/current-user.decorator.js';
import type { SessionUser } from '../../common/auth/session-store.js';
import { CourseKindOfRoute } from '../../common/http/course-kind-of-route.js';
import { ZodValidationPipe } from '../../common/validation/zod-validation.pipe.js';
import {
  categoriesQuerySchema,
  type Category,
  learningCoursesQuerySchema,
  type LearningCoursesQuery,
  programFilterQuerySchema,
  type ProgramFilterQuery,
} from '../../contracts/catalogue.js';
import { GetCampaignQuery } from './queries/get-campaign/get-campaign.query.js';
import { GetCategoriesQuery } from './queries/get-categories/get-categories.query.js';
import { GetCertificationCourseQuery } from './queries/get-certification-course/get-certification-course.query.js';
import { GetCourseQuery } from './queries/get-course/get-course.query.js';
import { GetFeaturedQuery } from './queries/get-featured/get-featured.query.js';
import { GetProgramsQuery } from './queries/get-programs/get-programs.query.js';
import { ListCertificationCoursesQuery } from './queries/list-certification-courses/list-certification-courses.query.js';
import { ListLearningCoursesQuery } from './queries/list-learning-courses/list-learning-courses.query.js';
import { ListProgramCoursesQuery } from './queries/list-program-courses/list-program-courses.query.js';

/** Today's date in Japan, as YYYY-MM-DD. */
const todayInTokyo = () => new Intl.DateTimeFormat('sv-SE', { timeZone: 'Asia/Tokyo', year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());

/** Visitors and learners read the same catalogue; a learner's cards also carry their own flags. */
@Controller('v1')
@Access('public')
export class CatalogueController {
  constructor(private readonly queryBus: QueryBus) {}

  @Get('programs')
  programs() {
    return this.queryBus.execute(new GetProgramsQuery());
  }

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

  @Get('learning-courses')
  learningCourses(
    @Query(new ZodValidationPipe(learningCoursesQuerySchema, 'query')) filters: LearningCoursesQuery,
    @CurrentUser() user: SessionUser | undefined,
  ) {
    return this.queryBus.execute(new ListLearningCoursesQuery(filters, user?.id ?? null));
  }

  @Get(['seminar-courses', 'video-courses'])
  programCourses(
    @CourseKindOfRoute() kind: ListProgramCoursesQuery['kind'],
    @Query(new ZodValidationPipe(programFilterQuerySchema, 'query')) filters: ProgramFilterQuery,
    @CurrentUser() user: SessionUser | undefined,
  ) {
    return this.queryBus.execute(new ListProgramCoursesQuery(kind, filters, user?.id ?? null));
  }

  @Get(['learning-courses/:courseSlug', 'seminar-courses/:courseSlug', 'video-courses/:courseSlug'])
  course(@CourseKindOfRoute() kind: GetCourseQuery['kind'], @Param('courseSlug') slug: string, @CurrentUser() user: SessionUser | undefined) {
    return this.queryBus.execute(new GetCourseQuery(kind, slug, user?.id ?? null));
  }

  @Get('certification-courses')
  certificationCourses(@CurrentUser() user: SessionUser | undefined) {
    return this.queryBus.execute(new ListCertificationCoursesQuery(user?.id ?? null));
  }

  @Get('certification-courses/:certificationCourseSlug')
  certificationCourse(@Param('certificationCourseSlug') slug: string, @CurrentUser() user: SessionUser | undefined) {
    return this.queryBus.execute(new GetCertificationCourseQuery(slug, user?.id ?? null));
  }
}
