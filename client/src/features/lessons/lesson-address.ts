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

/**
 * The lesson's API resource (spec §7). A seminar course has exactly one lesson, so its lesson is
 * addressed by the course alone: `/seminar-courses/{slug}/lesson`.
 */
export function lessonApiPath({ courseKind, courseSlug, lessonSlug }: LessonAddress): string {
  const course = `/api/v1/${courseKind}-courses/${segment(courseSlug)}`;
  return courseKind === 'seminar' ? `${course}/lesson` : `${course}/lessons/${segment(lessonSlug)}`;
}

/** The lesson's page on this site: under its course page. */
export const lessonPagePath = (coursePath: string, lessonSlug: string) =>
  `${coursePath.replace(/\/$/, '')}/lessons/${segment(lessonSlug)}`;
