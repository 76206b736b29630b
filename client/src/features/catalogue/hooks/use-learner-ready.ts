import { useCurrentUser } from '../../auth/hooks/use-session';

/** A logged-in learner who has accepted the agreements: the one whose visits and history the API keeps. */
export function useLearnerReady(): boolean {
  return useCurrentUser()?.hasAcceptedAgreements === true;
}
