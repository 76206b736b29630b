import { useActorRef } from '@xstate/react';
import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { examStartMachine } from '../machines/exam-start.machine';

/** The start flow of the policy page; the machine decides where to go, the router goes there. */
export function useExamStart(courseSlug: string, logic: typeof examStartMachine = examStartMachine) {
  const actor = useActorRef(logic, { input: { courseSlug } });
  const navigate = useNavigate();
  useEffect(() => {
    const subscription = actor.on('navigate', ({ to }) => void navigate(to));
    return () => subscription.unsubscribe();
  }, [actor, navigate]);
  return actor;
}
