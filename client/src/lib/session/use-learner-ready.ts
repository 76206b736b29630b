import { useCurrentUser } from './use-session';

/** A logged-in learner who has accepted the agreements: the one whose visits, history and personal notices the API keeps. */
export function useLearnerReady(): boolean {
  return useCurrentUser()?.hasAcceptedAgreements === true;
}
