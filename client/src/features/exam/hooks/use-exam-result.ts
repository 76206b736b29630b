import { useActorRef } from '@xstate/react';
import { examResultMachine } from '../machines/exam-result.machine';

/** The result actor of the page: waits for the grading of `examSessionId` when one is given. */
export const useExamResult = (courseSlug: string, examSessionId: string | null, logic: typeof examResultMachine = examResultMachine) =>
  useActorRef(logic, { input: { courseSlug, examSessionId } });
