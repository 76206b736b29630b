import type { ExamResult } from '../../contracts/exams.js';
import { DomainEvent } from '../../database/event-store.js';

export const EXAM_SESSION_STREAM = 'exam-session';

export class ExamStarted extends DomainEvent<{
  userId: string;
  courseId: string;
  courseSlug: string;
  startedAt: string;
  deadline: string;
  /** The learner's extra time in the deadline (their exam accommodation at the start; 0 for none). Absent in events before it existed. */
  extraMinutes?: number;
  questionIds: string[];
}> {
  readonly type = 'ExamStarted';
}

export class AnswerSaved extends DomainEvent<{ questionId: string; choiceIds: string[]; savedAt: string }> {
  readonly type = 'AnswerSaved';
}

export class ExamSubmitted extends DomainEvent<{ finishedAt: string; answeredCount: number }> {
  readonly type = 'ExamSubmitted';
}

/** `courseSlug` and `result` (what the result page shows) were added later: older events lack them. */
export class ExamGraded extends DomainEvent<{
  userId: string;
  courseId: string;
  passed: boolean;
  percent: number;
  correct: number;
  total: number;
  courseSlug?: string;
  result?: ExamResult;
}> {
  readonly type = 'ExamGraded';
}

/**
 * A stream per learner and course for the badges carried over from Cloud Campus (`<userId>:<courseId>`): their
 * BadgeAwarded has no exam session to live on.
 */
export const CARRIED_BADGE_STREAM = 'carried-badge';
export const carriedBadgeStreamId = (userId: string, courseId: string) => `${userId}:${courseId}`;

/**
 * `renewedExpiresAt`: the expiry of the badge this pass renewed (更新受験); absent on a first award and on older events.
 * On the exam session's stream for a pass; on the carried-badge stream for a badge carried over from Cloud Campus
 * (`awardedAt` is then the Cloud Campus pass date).
 */
export class BadgeAwarded extends DomainEvent<{ userId: string; courseId: string; awardedAt: string; expiresAt: string; renewedExpiresAt?: string }> {
  readonly type = 'BadgeAwarded';
}

/** The deadline passed with the session still open: it ends with the answers saved by then. */
/** `userId` and `courseSlug` (whose open exam page to tell) were added later: older events lack them. */
export class ExamExpired extends DomainEvent<{ finishedAt: string; answeredCount: number; userId?: string; courseSlug?: string }> {
  readonly type = 'ExamExpired';
}
