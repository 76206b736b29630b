import { render } from '@testing-library/react';
import { StrictMode } from 'react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router-dom';
import { AppProviders } from '../app/providers';
import type { sessionMachine } from '../lib/session/session.machine';
import { fakeUnreadFlags } from './fake-unread-flags';

/** Renders routes in a memory router under the app's providers (as main.tsx does), with the given session logic. */
export function renderWithRouter(
  routes: RouteObject[],
  { at = '/', session }: { at?: string; session: typeof sessionMachine },
) {
  // No socket and no has-unread calls: nothing unread.
  const unreadFlags = fakeUnreadFlags({ hasUnreadNotifications: false, hasUnreadAnnouncements: false });
  const router = createMemoryRouter(routes, { initialEntries: [at] });
  // As in main.tsx: StrictMode mounts twice, which the session actor must survive.
  const view = render(
    <StrictMode>
      <AppProviders sessionLogic={session} unreadFlagsLogic={unreadFlags.logic}>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>,
  );
  return { ...view, router };
}
