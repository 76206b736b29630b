import { Inject } from '@nestjs/common';
import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { asc } from 'drizzle-orm';
import type { CourseDraftDocument, StudioCourse, StudioCourseList } from '../../../../contracts/studio-courses.js';
import type { DatabaseConnection } from '../../../../database/connection.js';
import { DATABASE_CONNECTION } from '../../../../database/database.tokens.js';
import { courseDrafts, courses } from '../../catalogue.schema.js';
import { lessonCountOfRow } from '../../reads.js';
import { ListStudioCoursesQuery } from './list-studio-courses.query.js';

@QueryHandler(ListStudioCoursesQuery)
export class ListStudioCoursesHandler implements IQueryHandler<ListStudioCoursesQuery> {
  constructor(@Inject(DATABASE_CONNECTION) private readonly connection: DatabaseConnection) {}

  async execute({ filter }: ListStudioCoursesQuery): Promise<StudioCourseList> {
    const db = this.connection.db;
    const [live, drafts] = await Promise.all([
      db
        .select({
          courseId: courses.id,
          kind: courses.kind,
          program: courses.program,
          slug: courses.slug,
          title: courses.title,
          published: courses.published,
          updatedAt: courses.updatedAt,
          lessonCount: lessonCountOfRow,
        })
        .from(courses)
        .orderBy(asc(courses.position)),
      db.select().from(courseDrafts),
    ]);
    const draftById = new Map(drafts.map((draft) => [draft.courseId, draft]));
    const items: StudioCourse[] = live.map((course) => {
      const draft = draftById.get(course.courseId);
      draftById.delete(course.courseId);
      const document = draft?.document as CourseDraftDocument | undefined;
      return {
        courseId: course.courseId,
        kind: course.kind,
        program: course.program as StudioCourse['program'],
        slug: course.slug,
        title: document?.course.title ?? course.title,
        lessonCount: document?.lessons.length ?? Number(course.lessonCount),
        status: course.published ? 'published' : 'unpublished',
        hasUnpublishedChanges: draft !== undefined,
        updatedAt: (draft && draft.updatedAt > course.updatedAt ? draft.updatedAt : course.updatedAt).toISOString(),
      };
    });
    for (const draft of draftById.values()) {
      const document = draft.document as CourseDraftDocument;
      items.push({
        courseId: draft.courseId,
        kind: draft.kind,
        program: document.course.program,
        slug: draft.slug,
        title: document.course.title,
        lessonCount: document.lessons.length,
        status: 'draft',
        hasUnpublishedChanges: true,
        updatedAt: draft.updatedAt.toISOString(),
      });
    }
    const words = filter.q?.trim().toLowerCase();
    return {
      items: items.filter(
        (item) =>
          (!filter.kind || item.kind === filter.kind) &&
          (!filter.program || item.program === filter.program) &&
          (!filter.status || item.status === filter.status) &&
          (!words || item.title.toLowerCase().includes(words) || item.slug.includes(words)),
      ),
    };
  }
}
