import { Inject, Injectable } from '@nestjs/common';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { CoursePageContent } from '../../contracts/page-routes.js';
import type { DatabaseConnection } from '../../database/connection.js';
import { DATABASE_CONNECTION } from '../../database/database.tokens.js';
import { courses, lessons } from './catalogue.schema.js';
import { isOpenCertificationCourse } from './reads.js';

/**
 * Answers whether the course (and lesson) a page address names is in the catalogue, so that an
 * unknown course or lesson page is an HTTP 404 (common/http/page-status.ts). One indexed lookup,
 * made only when a course or lesson page is loaded from the server.
 */
@Injectable()
export class CataloguePages {
  constructor(@Inject(DATABASE_CONNECTION) private readonly connection: DatabaseConnection) {}

  async exists({ courseKinds, program, courseSlug, lessonSlug }: CoursePageContent): Promise<boolean> {
    const course = and(
      inArray(courses.kind, [...courseKinds]),
      eq(courses.slug, courseSlug),
      eq(courses.published, true),
      program === null ? undefined : eq(courses.program, program),
      courseKinds.includes('certification') ? isOpenCertificationCourse : undefined,
    );
    const query = this.connection.db.select({ found: sql<number>`1` }).from(courses);
    const rows =
      lessonSlug === undefined
        ? await query.where(course).limit(1)
        : await query.innerJoin(lessons, eq(lessons.courseId, courses.id)).where(and(course, eq(lessons.slug, lessonSlug))).limit(1);
    return rows.length > 0;
  }
}
