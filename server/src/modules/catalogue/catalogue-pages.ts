import { Inject, Injectable } from '@nestjs/common';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { CourseKind } from '../../contracts/catalogue.js';
import type { CoursePageContent } from '../../contracts/page-routes.js';
import type { DatabaseConnection } from '../../database/connection.js';
import { DATABASE_CONNECTION } from '../../database/database.tokens.js';
import { courses, lessons } from './catalogue.schema.js';
import { isOpenCertificationCourse } from './reads.js';

/**
 * Answers whether the course (and lesson) a page address names is in the catalogue, so that an
 * unknown course or lesson page is an HTTP 404 (common/http/page-status.ts), of which kind it is,
 * which the page's HTML then tells the client, and which picture a slide lesson shows first, which the
 * HTML preloads. One indexed lookup, made only when a course or lesson page is loaded from the server.
 */
@Injectable()
export class CataloguePages {
  constructor(@Inject(DATABASE_CONNECTION) private readonly connection: DatabaseConnection) {}

  /**
   * The kind of the course the address names and, for a slide lesson a visitor may read, the storage path
   * of its first-slide picture; null when the catalogue has no such (published) course or lesson.
   */
  async coursePageAt({ courseKinds, program, courseSlug, lessonSlug }: CoursePageContent): Promise<{ kind: CourseKind; slidesPosterPath: string | null } | null> {
    const course = and(
      inArray(courses.kind, [...courseKinds]),
      eq(courses.slug, courseSlug),
      eq(courses.published, true),
      program === null ? undefined : eq(courses.program, program),
      courseKinds.includes('certification') ? isOpenCertificationCourse : undefined,
    );
    if (lessonSlug === undefined) {
      const [row] = await this.connection.db.select({ kind: courses.kind }).from(courses).where(course).limit(1);
      return row ? { kind: row.kind, slidesPosterPath: null } : null;
    }
    const [row] = await this.connection.db
      .select({ kind: courses.kind, poster: lessons.slidesPoster, loginRequired: sql<boolean>`${courses.loginRequired} or ${lessons.loginRequired}` })
      .from(courses)
      .innerJoin(lessons, eq(lessons.courseId, courses.id))
      .where(and(course, eq(lessons.slug, lessonSlug)))
      .limit(1);
    if (!row) return null;
    // A lesson for logged-in learners shows a visitor the login prompt, not its slides.
    return { kind: row.kind, slidesPosterPath: row.poster && !row.loginRequired ? row.poster.path : null };
  }
}
