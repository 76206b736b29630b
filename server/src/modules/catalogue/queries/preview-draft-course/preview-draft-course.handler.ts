import { Inject } from '@nestjs/common';
import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import type { CourseDetail } from '../../../../contracts/catalogue.js';
import { coursePath } from '../../../../contracts/course-path.js';
import type { DatabaseConnection } from '../../../../database/connection.js';
import { DATABASE_CONNECTION } from '../../../../database/database.tokens.js';
import { loadCourseDraft } from '../../studio/load-course-draft.js';
import { PreviewDraftCourseQuery } from './preview-draft-course.query.js';

@QueryHandler(PreviewDraftCourseQuery)
export class PreviewDraftCourseHandler implements IQueryHandler<PreviewDraftCourseQuery> {
  constructor(@Inject(DATABASE_CONNECTION) private readonly connection: DatabaseConnection) {}

  async execute({ courseId }: PreviewDraftCourseQuery): Promise<CourseDetail> {
    const { document } = await loadCourseDraft(this.connection.db, courseId);
    const { course, lessons } = document;
    return {
      kind: course.kind,
      slug: course.slug,
      program: course.program,
      title: course.title,
      summary: course.summary,
      level: course.level,
      categories: course.categories,
      estimatedMinutes: course.estimatedMinutes,
      lessonCount: lessons.length,
      loginRequired: course.loginRequired,
      path: coursePath(course.kind, course.program, course.slug),
      // As a visitor sees it: nothing of the admin's own progress.
      isFavorite: false,
      isStarted: false,
      completedLessonCount: 0,
      lessons: lessons.map((lesson) => ({
        slug: lesson.slug,
        title: lesson.title,
        kind: lesson.kind,
        estimatedMinutes: lesson.estimatedMinutes,
        loginRequired: lesson.loginRequired || course.loginRequired,
        isCompleted: false,
      })),
    };
  }
}
