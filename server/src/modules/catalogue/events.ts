import { DomainEvent } from '../../database/event-store.js';

/** The studio's stream of one course: its draft saves, publishes and unpublishes (stream id: the course id). */
export const COURSE_STREAM = 'course';

/** An admin saved a course's draft (the learners' course is unchanged until it is published). */
export class CourseDraftSaved extends DomainEvent<{ courseId: string; kind: string; slug: string; title: string; draftVersion: number; lessonCount: number; savedBy: string }> {
  readonly type = 'CourseDraftSaved';
}

/** An admin published a course: its draft became the learners' course, lessons and all, in one transaction. */
export class CoursePublished extends DomainEvent<{ courseId: string; kind: string; slug: string; title: string; version: number; lessonCount: number; publishedBy: string }> {
  readonly type = 'CoursePublished';
}

/** An admin took a course down: no learner page lists or serves it; progress and badges stay. */
export class CourseUnpublished extends DomainEvent<{ courseId: string; kind: string; slug: string; title: string; version: number; unpublishedBy: string }> {
  readonly type = 'CourseUnpublished';
}
