import { Controller, Param, Query } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { CurrentUser } from '../../common/auth/current-user.decorator.js';
import type { SessionUser } from '../../common/auth/session-lookup.js';
import { CourseKindOfRoute } from '../../common/http/course-kind-of-route.js';
import { Endpoint } from '../../common/http/endpoint.decorator.js';
import type { Category, LearningCoursesQuery, ProgramFilterQuery } from '../../contracts/catalogue.js';
import {
  getCampaign,
  getCategories,
  getCertificationCourse,
  getCourse,
  getFeatured,
  getPrograms,
  listCertificationCourses,
  listLearningCourses,
  listProgramCourses,
} from '../../contracts/routes/catalogue.js';
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
    return this.queryBus.execute(new GetCampaignQuery(todayInTokyo()));
  }

  @Endpoint(listLearningCourses)
  learningCourses(@Query() filters: LearningCoursesQuery, @CurrentUser() user: SessionUser | undefined) {
    return this.queryBus.execute(new ListLearningCoursesQuery(filters, user?.id ?? null));
  }

  @Endpoint(listProgramCourses)
  programCourses(@CourseKindOfRoute() kind: ListProgramCoursesQuery['kind'], @Query() filters: ProgramFilterQuery, @CurrentUser() user: SessionUser | undefined) {
    return this.queryBus.execute(new ListProgramCoursesQuery(kind, filters, user?.id ?? null));
  }

  @Endpoint(getCourse)
  course(@CourseKindOfRoute() kind: GetCourseQuery['kind'], @Param('courseSlug') slug: string, @CurrentUser() user: SessionUser | undefined) {
    return this.queryBus.execute(new GetCourseQuery(kind, slug, user?.id ?? null));
  }

  @Endpoint(listCertificationCourses)
  certificationCourses(@CurrentUser() user: SessionUser | undefined) {
    return this.queryBus.execute(new ListCertificationCoursesQuery(user?.id ?? null));
  }

  @Endpoint(getCertificationCourse)
  certificationCourse(@Param('certificationCourseSlug') slug: string, @CurrentUser() user: SessionUser | undefined) {
    return this.queryBus.execute(new GetCertificationCourseQuery(slug, user?.id ?? null));
  }
}
