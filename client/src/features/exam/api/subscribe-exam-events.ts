import { onServerEvent } from '../../../lib/realtime';

/** Socket push `exam.timeUp`: the server finalised a session at its deadline. Returns the unsubscribe function. */
export const onExamTimeUp = (listener: (payload: { examSessionId: string; courseSlug: string }) => void) =>
  onServerEvent('exam.timeUp', listener);

/** Socket push `exam.graded`: a session of the learner was graded. Returns the unsubscribe function. */
export const onExamGraded = (listener: (payload: { examSessionId: string; courseSlug: string; passed: boolean }) => void) =>
  onServerEvent('exam.graded', listener);
