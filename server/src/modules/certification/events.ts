import { DomainEvent } from '../../database/event-store.js';

export const EXAM_SESSION_STREAM = 'exam-session';

export class ExamStarted extends DomainEvent<{ userId: string; courseId: string; courseSlug: string; startedAt: string; deadline: string; questionIds: string[] }> {
  readonly type = 'ExamStarted';
}

export class AnswerSaved extends DomainEvent<{ questionId: string; choiceIds: string[]; savedAt: string }> {
  readonly type = 'AnswerSaved';
}

export class ExamSubmitted extends DomainEvent<{ finishedAt: string; answeredCount: number }> {
  readonly type = 'ExamSubmitted';
}

export class ExamGraded extends DomainEvent<{ userId: string; courseId: string; passed: boolean; percent: number; correct: number; total: number }> {
  readonly type = 'ExamGraded';
}

export class BadgeAwarded extends DomainEvent<{ userId: string; courseId: string; awardedAt: string; expiresAt: string }> {
  readonly type = 'BadgeAwarded';
}

/** The deadline passed with the session still open: it ends with the answers saved by then. */
export class ExamExpired extends DomainEvent<{ finishedAt: string; answeredCount: number }> {
  readonly type = 'ExamExpired';
}
