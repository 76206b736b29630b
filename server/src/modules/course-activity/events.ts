import { DomainEvent } from '../../database/event-store.js';
import type { ActivityCourseKind } from '../../contracts/course-activity.js';

/** One stream per learner and course, so toggling one course never conflicts with another. */
export const COURSE_ACTIVITY_STREAM = 'course-activity';
export const courseActivityStreamId = (userId: string, courseId: string) => `${userId}:${courseId}`;

interface CourseRef {
  courseId: string;
  kind: ActivityCourseKind;
  slug: string;
}

export class CourseFavoriteSet extends DomainEvent<CourseRef & { value: boolean }> {
  readonly type = 'CourseFavoriteSet';
}

export class CourseVisited extends DomainEvent<CourseRef & { visitedAt: string }> {
  readonly type = 'CourseVisited';
}
