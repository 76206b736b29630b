import { Controller, Param, Query } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { CurrentUser } from '../../common/auth/current-user.decorator.js';
import type { SessionUser } from '../../common/auth/session-lookup.js';
import { CourseKindOfRoute } from '../../common/http/course-kind-of-route.js';
import { Endpoint } from '../../common/http/endpoint.decorator.js';
import type { LearningCoursesQuery, ProgramFilterQuery } from '../../contracts/catalogue.js';
import { getCertificationCourse, getCourse, listCertificationCourses, listLearningCourses, listProgramCourses } from '../../contracts/routes/catalogue.js';
import { GetCertificationCourseQuery } from './queries/get-certification-course/get-certification-course.query.js';
import { GetCourseQuery } from './queries/get-course/get-course.query.js';
import { ListCertificationCoursesQuery } from './queries/list-certification-courses/list-certification-courses.query.js';
import { ListLearningCoursesQuery } from './queries/list-learning-courses/list-learning-courses.query.js';
import { ListProgramCoursesQuery } from './queries/list-program-courses/list-program-courses.query.js';

/** Course lists and course pages: visitors and learners read the same content; a learner's cards also carry their own flags. */
@Controller()
export class CoursePagesController {
  constructor(private readonly queryBus: QueryBus) {}

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
