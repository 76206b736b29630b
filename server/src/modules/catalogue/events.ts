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

/** The studio's stream of one bank question (stream id: `<courseId>:<questionId>`); its version is the question's. */
export const QUESTION_STREAM = 'question';

interface QuestionFact {
  courseId: string;
  courseSlug: string;
  questionId: string;
  version: number;
  topic: string;
  editedBy: string;
}

/** An admin wrote a question or a new version of one: a draft, not drawn until published. */
export class QuestionDrafted extends DomainEvent<QuestionFact> {
  readonly type = 'QuestionDrafted';
}

/** An admin asked for a question version to be reviewed. */
export class QuestionSubmittedForReview extends DomainEvent<QuestionFact> {
  readonly type = 'QuestionSubmittedForReview';
}

/** A question version became the one exams draw. */
export class QuestionPublished extends DomainEvent<QuestionFact> {
  readonly type = 'QuestionPublished';
}

/** A question left the bank exams draw from (a session that drew it keeps its frozen copy). */
export class QuestionRetired extends DomainEvent<QuestionFact> {
  readonly type = 'QuestionRetired';
}

/** The course's exam settings changed: topics and counts, time, pass mark, retake wait, badge validity. */
export class ExamBlueprintUpdated extends DomainEvent<{ courseId: string; courseSlug: string; courseVersion: number; questionCount: number; minutes: number; passPercent: number; updatedBy: string }> {
  readonly type = 'ExamBlueprintUpdated';
}
