import { useActorRef } from '@xstate/react';
import { useEffect, type ReactNode } from 'react';
import { useCurrentUser, useSessionStatus } from '../../../lib/session/use-session';
import { UnreadFlagsContext } from '../hooks/unread-flags-context';
import { unreadFlagsMachine } from '../machines/unread-flags.machine';

interface UnreadFlagsProviderProps {
  children: ReactNode;
  /** Tests pass `unreadFlagsMachine.provide({...})` with a fake has-unread call and socket. */
  logic?: typeof unreadFlagsMachine;
}

/**
 * Runs the unread-flags actor for the pages below it. Mount it under the session provider: the
 * check runs only while the user is logged in and has accepted the agreements (spec §4).
 */
export function UnreadFlagsProvider({ children, logic = unreadFlagsMachine }: UnreadFlagsProviderProps) {
  const actor = useActorRef(logic);
  const status = useSessionStatus();
  const accepted = useCurrentUser()?.hasAcceptedAgreements === true;
  const enabled = status === 'loggedIn' && accepted;

  useEffect(() => {
    actor.send({ type: enabled ? 'ENABLE' : 'DISABLE' });
  }, [actor, enabled]);

  return <UnreadFlagsContext.Provider value={actor}>{children}</UnreadFlagsContext.Provider>;
}
