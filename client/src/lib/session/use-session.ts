import { createActorContext } from '@xstate/react';
import { useMemo } from 'react';
import {
  selectAcceptError,
  selectAccepting,
  selectAgreementRequired,
  selectLoadError,
  selectStatus,
  selectUser,
  sessionMachine,
  type SessionSnapshot,
} from './session.machine';

/**
 * The session actor, provided once near the root (`<SessionProvider>`; tests pass
 * `logic={sessionMachine.provide(...)}`). Components read it through the hooks below and send
 * events with `useSessionActions`.
 */
const SessionContext = createActorContext(sessionMachine);

export const SessionProvider = SessionContext.Provider;

export const useSessionSelector = <T>(selector: (snapshot: SessionSnapshot) => T, compare?: (a: T, b: T) => boolean) =>
  SessionContext.useSelector(selector, compare);

export const useSessionStatus = () => SessionContext.useSelector(selectStatus);
/** For code that must follow the session through several states (e.g. waiting for an acceptance). */
export const useSessionActorRef = () => SessionContext.useActorRef();
export const useCurrentUser = () => SessionContext.useSelector(selectUser);

export function useAgreementState() {
  const required = SessionContext.useSelector(selectAgreementRequired);
  const accepting = SessionContext.useSelector(selectAccepting);
  const error = SessionContext.useSelector(selectAcceptError);
  return { required, accepting, error };
}

export const useSessionLoadError = () => SessionContext.useSelector(selectLoadError);

export function useSessionActions() {
  const actor = SessionContext.useActorRef();
  return useMemo(
    () => ({
      accept: () => actor.send({ type: 'ACCEPT' }),
      logout: () => actor.send({ type: 'LOGOUT' }),
      retry: () => actor.send({ type: 'RETRY' }),
      sessionExpired: () => actor.send({ type: 'SESSION_EXPIRED' }),
      agreementRequired: () => actor.send({ type: 'AGREEMENT_REQUIRED' }),
    }),
    [actor],
  );
}
