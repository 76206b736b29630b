import { Inject, Injectable } from '@nestjs/common';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { CourseKind } from '../../contracts/catalogue.js';
import type { CoursePageContent } from '../../contracts/page-routes.js';
import type { DatabaseConnection } from '../../database/connection.js';
import { DATABASE_CONNECTION } from '../../database/database.tokens.js';
import { courses, lessons, type SlidesPoster } from './catalogue.schema.js';
import { isOpenCertificationCourse } from './reads.js';

/** A course page's course, and the lesson a lesson page names, as far as its page's HTML needs them. */
export interface CoursePage {
  kind: CourseKind;
  title: string;
  summary: string;
  lesson: {
    title: string;
    /** Only learners who have logged in read it: a visitor is shown the login prompt, not its content. */
    loginRequired: boolean;
    /** A text lesson's body (Markdown); null for slides and video, whose text is not what the page shows first. */
    textBody: string | null;
    /** A slide lesson's first-slide picture, while it has a PDF to page on to. */
    slidesPoster: SlidesPoster | null;
  } | null;
}

/**
 * Answers whether the course (and lesson) a page address names is in the catalogue, so that an
 * unknown course or lesson page is an HTTP 404 (common/http/page-status.ts), and what its HTML tells
 * before the app runs: the course's kind, the text the page shows largest and the picture a slide
 * lesson shows first. One indexed lookup, made only when a course or lesson page is loaded from the server.
 */
@Injectable()
export class CataloguePages {
  constructor(@Inject(DATABASE_CONNECTION) private readonly connection: DatabaseConnection) {}

  /** The course (and lesson) the address names; null when the catalogue has no such (published) course or lesson. */
  async coursePageAt({ courseKinds, program, courseSlug, lessonSlug }: CoursePageContent): Promise<CoursePage | null> {
    const course = and(
      inArray(courses.kind, [...courseKinds]),
      eq(courses.slug, courseSlug),
      eq(courses.published, true),
      program === null ? undefined : eq(courses.program, program),
      courseKinds.includes('certification') ? isOpenCertificationCourse : undefined,
    );
    const courseColumns = { kind: courses.kind, title: courses.title, summary: courses.summary };
    if (lessonSlug === undefined) {
      const [row] = await this.connection.db.select(courseColumns).from(courses).where(course).limit(1);
      return row ? { ...row, lesson: null } : null;
    }
    const [row] = await this.connection.db
      .select({
        ...courseColumns,
        lessonTitle: lessons.title,
        lessonKind: lessons.kind,
        body: lessons.body,
        pdfPath: lessons.pdfPath,
        poster: lessons.slidesPoster,
        loginRequired: sql<boolean>`${courses.loginRequired} or ${lessons.loginRequired}`,
      })
      .from(courses)
      .innerJoin(lessons, eq(lessons.courseId, courses.id))
      .where(and(course, eq(lessons.slug, lessonSlug)))
      .limit(1);
    if (!row) return null;
    const { kind, title, summary, lessonTitle, lessonKind, body, pdfPath, poster, loginRequired } = row;
    return {
      kind,
      title,
      summary,
      lesson: {
        title: lessonTitle,
        loginRequired,
        textBody: lessonKind === 'text' ? body : null,
        // As the lesson API: the picture only while there is a deck to page on to.
        slidesPoster: pdfPath ? poster : null,
      },
    };
  }
}
