import { DomainEvent } from '../../database/event-store.js';

/** One stream per learner (stream id = user id): every grant and withdrawal of their extra exam time. */
export const EXAM_ACCOMMODATION_STREAM = 'exam-accommodation';

/** An admin granted (or changed) a learner's extra exam time; exams started from now on get it. */
export class ExamAccommodationGranted extends DomainEvent<{
  userId: string;
  extraMinutes: number | null;
  extraPercent: number | null;
  endsOn: string | null;
  note: string;
  grantedAt: string;
}> {
  readonly type = 'ExamAccommodationGranted';
}

/** An admin withdrew it: exams started from now on have the normal limit (one running keeps its deadline). */
export class ExamAccommodationWithdrawn extends DomainEvent<{ userId: string; withdrawnAt: string }> {
  readonly type = 'ExamAccommodationWithdrawn';
}
