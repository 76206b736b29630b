import { useActorRef } from '@xstate/react';
import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { examResultPath } from '../exam-paths';
import { examSessionMachine } from '../machines/exam-session.machine';

/** The exam actor of the page; when the exam is over, the result page takes its place. */
export function useExamSession(courseSlug: string, logic: typeof examSessionMachine = examSessionMachine) {
  const actor = useActorRef(logic, { input: { courseSlug } });
  const navigate = useNavigate();
  useEffect(() => {
    const subscription = actor.on('finished', ({ examSessionId }) => {
      // Replace: going back must not land on a finished exam.
      void navigate(examResultPath(courseSlug, examSessionId), { replace: true });
    });
    return () => subscription.unsubscribe();
  }, [actor, navigate, courseSlug]);
  return actor;
}
