import { Inject, Injectable } from '@nestjs/common';
import { and, eq, inArray } from 'drizzle-orm';
import type { CourseKind } from '../../contracts/catalogue.js';
import type { CoursePageContent } from '../../contracts/page-routes.js';
import type { DatabaseConnection } from '../../database/connection.js';
import { DATABASE_CONNECTION } from '../../database/database.tokens.js';
import { courses, lessons } from './catalogue.schema.js';
import { isOpenCertificationCourse } from './reads.js';

/**
 * Answers whether the course (and lesson) a page address names is in the catalogue, so that an
 * unknown course or lesson page is an HTTP 404 (common/http/page-status.ts), and of which kind it is,
 * which the page's HTML then tells the client. One indexed lookup, made only when a course or lesson
 * page is loaded from the server.
 */
@Injectable()
export class CataloguePages {
  constructor(@Inject(DATABASE_CONNECTION) private readonly connection: DatabaseConnection) {}

  /** The kind of the course the address names, or null when the catalogue has no such (published) course or lesson. */
  async courseKindAt({ courseKinds, program, courseSlug, lessonSlug }: CoursePageContent): Promise<CourseKind | null> {
    const course = and(
      inArray(courses.kind, [...courseKinds]),
      eq(courses.slug, courseSlug),
      eq(courses.published, true),
      program === null ? undefined : eq(courses.program, program),
      courseKinds.includes('certification') ? isOpenCertificationCourse : undefined,
    );
    const query = this.connection.db.select({ kind: courses.kind }).from(courses);
    const rows =
      lessonSlug === undefined
        ? await query.where(course).limit(1)
        : await query.innerJoin(lessons, eq(lessons.courseId, courses.id)).where(and(course, eq(lessons.slug, lessonSlug))).limit(1);
    return rows[0]?.kind ?? null;
  }
}
