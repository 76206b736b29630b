import { DomainEvent } from '../../database/event-store.js';
import type { CourseKind } from '../../contracts/catalogue.js';
import type { FeedbackPopupType } from '../../contracts/lessons.js';

/**
 * A learner's study of one course (`<user>:<course>`): its completions and its review. Lessons before
 * this stream were appended to course-activity's stream of the same id; they stay there, readable as they are.
 */
export const LESSON_PROGRESS_STREAM = 'lesson-progress';
export const lessonProgressStreamId = (userId: string, courseId: string) => `${userId}:${courseId}`;
/** The learner of a progress stream (both ids are UUIDs, so the first colon splits them). */
export const learnerOfLessonProgress = (streamId: string) => streamId.slice(0, streamId.indexOf(':'));

interface LessonRef {
  courseId: string;
  courseKind: CourseKind;
  courseSlug: string;
  lessonId: string;
  lessonSlug: string;
}

export class LessonCompleted extends DomainEvent<LessonRef & { completedAt: string }> {
  readonly type = 'LessonCompleted';
}

export class CourseCompleted extends DomainEvent<{ courseId: string; courseKind: CourseKind; courseSlug: string; completedAt: string; feedbackPopupType: FeedbackPopupType }> {
  readonly type = 'CourseCompleted';
}

export class CourseFeedbackGiven extends DomainEvent<{ courseId: string; feedbackPopupType: FeedbackPopupType; score: number; freetext: string | null }> {
  readonly type = 'CourseFeedbackGiven';
}

/** Questionnaire answers have no learner stream (visitors answer too): each answer is its own stream. */
export const QUESTIONNAIRE_STREAM = 'lesson-questionnaire';

export class LessonQuestionnaireAnswered extends DomainEvent<Omit<LessonRef, 'courseId'> & { useful: boolean; comment: string | null }> {
  readonly type = 'LessonQuestionnaireAnswered';
}
