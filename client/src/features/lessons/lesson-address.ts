import type { CourseKind } from '@campus/contracts/catalogue';
import type { LessonDetail } from '@campus/contracts/lessons';

/** Which lesson of which course: what every lesson call is addressed by. */
export interface LessonAddress {
  courseKind: CourseKind;
  courseSlug: string;
  lessonSlug: string;
}

export const addressOf = (lesson: LessonDetail): LessonAddress => ({
  courseKind: lesson.course.kind,
  courseSlug: lesson.course.slug,
  lessonSlug: lesson.slug,
});

const segment = encodeURIComponent;

/** The lesson's page on this site: under its course page. */
export const lessonPagePath = (coursePath: string, lessonSlug: string) =>
  `${coursePath.replace(/\/$/, '')}/lessons/${segment(lessonSlug)}`;
