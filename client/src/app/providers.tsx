import type { ReactNode } from 'react';
import { SessionProvider } from '../features/auth/hooks/use-session';
import type { sessionMachine } from '../features/auth/machines/session.machine';

interface AppProvidersProps {
  children: ReactNode;
  /** Tests pass `sessionMachine.provide({...})` with fake API calls. */
  sessionLogic?: typeof sessionMachine;
}

/** Everything the pages share, above the router. */
export function AppProviders({ children, sessionLogic }: AppProvidersProps) {
  return <SessionProvider {...(sessionLogic ? { logic: sessionLogic } : {})}>{children}</SessionProvider>;
}
