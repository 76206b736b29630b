import type { ModuleJobs } from '../../jobs/job-catalogue.js';
import { type ModulePushes, pushOn } from '../../realtime/push-catalogue.js';
import { userRoom } from '../../contracts/realtime.js';
import type { ExamExpired, ExamGraded } from './events.js';

/** An exam's finalisation waits for its deadline plus the submit grace (and a second of slack). */
const AFTER_EXAM_DEADLINE_MS = 6_000;

/**
 * Redis ends a worker's blocking wait only on its server tick (`hz`, 10 a second by default), so a
 * delayed job starts up to 100 ms after its time. The finalisation job is released this much earlier
 * and its handler waits for the due moment on a Node timer, which keeps to the millisecond.
 */
export const FINALISATION_EARLY_RELEASE_MS = 150;

/** When an exam's finalisation is due, from its ExamStarted data; null when the data has no deadline. */
export const examFinalisationDue = (data: unknown): number | null => {
  const deadline = Date.parse((data as { deadline?: string }).deadline ?? '');
  return Number.isNaN(deadline) ? null : deadline + AFTER_EXAM_DEADLINE_MS;
};

const atExamDeadline = (data: unknown): number | null => {
  const due = examFinalisationDue(data);
  return due === null ? null : due - FINALISATION_EARLY_RELEASE_MS;
};

export const certificationJobs: ModuleJobs = {
  reactions: [
    { job: 'grade-exam-when-exam-submitted', on: ['ExamSubmitted', 'ExamExpired'] },
    { job: 'finalise-exam-when-deadline-passed', on: ['ExamStarted'], runAt: atExamDeadline },
    // Badges carried over from Cloud Campus are made after the migration's commit, never inside it.
    { job: 'award-badges-when-cloud-campus-badges-migrated', on: ['CloudCampusBadgesMigrated'] },
  ],
};

export const certificationPushes: ModulePushes = {
  // The open exam page shows the time-up notice (its own countdown reaches zero anyway). Sessions
  // expired before the event named its learner tell nobody.
  ExamExpired: pushOn<ExamExpired>(({ streamId, data: { userId, courseSlug } }) =>
    userId && courseSlug ? [{ room: userRoom(userId), name: 'exam.timeUp', args: [{ examSessionId: streamId, courseSlug }] }] : [],
  ),
  // The result page shows the result it carries, without asking again.
  ExamGraded: pushOn<ExamGraded>(({ streamId, data: { userId, passed, courseSlug, result } }) => [
    { room: userRoom(userId), name: 'exam.graded', args: [{ examSessionId: streamId, courseSlug: courseSlug ?? result?.courseSlug ?? '', passed, result: result ?? null }] },
  ]),
};
