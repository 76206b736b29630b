import type { ReactNode } from 'react';
import { SessionProvider } from '../lib/session/use-session';
import type { sessionMachine } from '../lib/session/session.machine';
import { UnreadFlagsProvider } from '../features/notifications/hooks/use-unread-flags';
import type { unreadFlagsMachine } from '../features/notifications/machines/unread-flags.machine';

interface AppProvidersProps {
  children: ReactNode;
  /** Tests pass `sessionMachine.provide({...})` with fake API calls. */
  sessionLogic?: typeof sessionMachine;
  /** Tests pass a fake unread-flags machine (no socket, no has-unread calls). */
  unreadFlagsLogic?: typeof unreadFlagsMachine;
}

/** Everything the pages share, above the router. */
export function AppProviders({ children, sessionLogic, unreadFlagsLogic }: AppProvidersProps) {
  return (
    <SessionProvider {...(sessionLogic ? { logic: sessionLogic } : {})}>
      <UnreadFlagsProvider {...(unreadFlagsLogic ? { logic: unreadFlagsLogic } : {})}>{children}</UnreadFlagsProvider>
    </SessionProvider>
  );
}
