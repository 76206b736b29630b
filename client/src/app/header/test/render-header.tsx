import type { UnreadFlags } from '@campus/contracts/notifications';
import { act, render, waitFor } from '@testing-library/react';
import { StrictMode } from 'react';
import { createMemoryRouter, Link, RouterProvider } from 'react-router-dom';
import { UnreadFlagsProvider } from '../../../features/notifications/components/unread-flags-provider';
import { fakeUnreadFlags } from '../../../test/fake-unread-flags';
import { SessionProvider } from '../../../lib/session/use-session';
import type { sessionMachine } from '../../../lib/session/session.machine';
import { setAnalyticsAdapter } from '../../../lib/analytics';
import { Header } from '../header';

export const NOTHING_UNREAD: UnreadFlags = { hasUnreadNotifications: false, hasUnreadAnnouncements: false };

/** Sets the viewport jsdom reports (`innerWidth`/`innerHeight`) and tells the page it changed. */
export function setViewport(width: number, height: number) {
  Object.defineProperty(window, 'innerWidth', { configurable: true, writable: true, value: width });
  Object.defineProperty(window, 'innerHeight', { configurable: true, writable: true, value: height });
  window.dispatchEvent(new Event('resize'));
}

/** Records what the header reports to analytics. */
export function recordAnalytics() {
  const adapter = { event: jest.fn(), goal: jest.fn(), pageView: jest.fn() };
  const restore = setAnalyticsAdapter(adapter);
  return { ...adapter, restore };
}

/**
 * The header as the app mounts it: session provider, unread-flags provider (fake has-unread and
 * socket), a memory router, StrictMode; below it a link to /elsewhere to navigate away.
 */
export function renderHeader({
  session,
  flags = NOTHING_UNREAD,
  at = '/',
}: {
  session: typeof sessionMachine;
  flags?: UnreadFlags;
  at?: string;
}) {
  const unread = fakeUnreadFlags(flags);
  const router = createMemoryRouter(
    [
      {
        path: '*',
        element: (
          <>
            <Header />
            <main>
              <Link to="/elsewhere">よそへ</Link>
            </main>
          </>
        ),
      },
    ],
    { initialEntries: [at] },
  );
  const view = render(
    <StrictMode>
      <SessionProvider logic={session}>
        <UnreadFlagsProvider logic={unread.logic}>
          <RouterProvider router={router} />
        </UnreadFlagsProvider>
      </SessionProvider>
    </StrictMode>,
  );
  return { ...view, router, unread };
}

/**
 * `renderHeader`, then waits until the session is known (the account corner is no longer busy)
 * and, for a logged-in user, until the first unread check has answered — so later assertions
 * do not race the fake calls.
 */
export async function renderReadyHeader(options: Parameters<typeof renderHeader>[0]) {
  const view = renderHeader(options);
  await waitFor(() => {
    const corner = document.querySelector('.account-area');
    if (!corner || corner.getAttribute('aria-busy') === 'true') throw new Error('session still checking');
  });
  if (document.querySelector('.account-thumbnail')) {
    await waitFor(() => expect(view.unread.fetches).toHaveBeenCalled());
    await act(async () => {
      await view.unread.fetches.mock.results.at(-1)?.value;
    });
  }
  return view;
}
