import { DomainEvent } from '../../database/event-store.js';

export const EXAM_SESSION_STREAM = 'exam-session';

export class ExamStarted extends DomainEvent<{ userId: string; courseId: string; courseSlug: string; startedAt: string; deadline: string; questionIds: string[] }> {
  readonly type = 'ExamStarted';
}

export class AnswerSaved extends DomainEvent<{ questionId: string; choiceIds: string[]; savedAt: string }> {
  readonly type = 'AnswerSaved';
}
