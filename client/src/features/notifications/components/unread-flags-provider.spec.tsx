import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { StrictMode } from 'react';
import { SessionProvider, useSessionActions } from '../../../lib/session/use-session';
import { fakeSession } from '../../../test/fake-session';
import { aUser } from '../../../test/fixtures';
import { UNREAD_POLL_MS } from '../machines/unread-flags.machine';
import { useUnreadFlags } from '../hooks/use-unread-flags';
import { fakeUnreadFlags, type FakeUnreadFlags } from '../../../test/fake-unread-flags';
import { UnreadFlagsProvider } from './unread-flags-provider';

function Probe() {
  const { hasUnreadNotifications, hasUnreadAnnouncements } = useUnreadFlags();
  return <p data-testid="flags">{`${hasUnreadNotifications}/${hasUnreadAnnouncements}`}</p>;
}

function renderProvider(session: ReturnType<typeof fakeSession>, unread: FakeUnreadFlags) {
  return render(
    <StrictMode>
      <SessionProvider logic={session}>
        <UnreadFlagsProvider logic={unread.logic}>
          <Probe />
        </UnreadFlagsProvider>
      </SessionProvider>
    </StrictMode>,
  );
}

function SessionButtons() {
  const { accept, logout } = useSessionActions();
  return (
    <>
      <button type="button" onClick={accept}>
        accept
      </button>
      <button type="button" onClick={logout}>
        logout
      </button>
    </>
  );
}

const shown = () => screen.getByTestId('flags').textContent;
const both = { hasUnreadNotifications: true, hasUnreadAnnouncements: true };

describe('UnreadFlagsProvider', () => {
  it('reads nothing unread outside the provider', () => {
    render(<Probe />);
    expect(shown()).toBe('false/false');
  });

  it('asks has-unread for a logged-in user who has accepted the agreements', async () => {
    const unread = fakeUnreadFlags({ hasUnreadNotifications: true, hasUnreadAnnouncements: false });
    renderProvider(fakeSession({ me: aUser() }), unread);
    await waitFor(() => expect(shown()).toBe('true/false'));
    expect(unread.fetches).toHaveBeenCalled();

    act(() => unread.push({ type: 'FLAGS_PUSHED', flags: both }));
    expect(shown()).toBe('true/true');
  });

  it('does not ask while logged out', async () => {
    const unread = fakeUnreadFlags(both);
    renderProvider(fakeSession({ me: null }), unread);
    await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
    expect(unread.fetches).not.toHaveBeenCalled();
    expect(shown()).toBe('false/false');
  });

  it('does not ask before the agreements are accepted, starts once they are, and stops at logout', async () => {
    const unread = fakeUnreadFlags(both);
    let accepted = false;
    render(
      <StrictMode>
        <SessionProvider
          logic={fakeSession({
            me: async () => aUser({ hasAcceptedAgreements: accepted }),
            accept: async () => {
              accepted = true;
              return {};
            },
            logoutUrl: () => Promise.reject(new Error('offline')),
          })}
        >
          <UnreadFlagsProvider logic={unread.logic}>
            <Probe />
            <SessionButtons />
          </UnreadFlagsProvider>
        </SessionProvider>
      </StrictMode>,
    );
    await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
    expect(unread.fetches).not.toHaveBeenCalled();
    expect(shown()).toBe('false/false');

    fireEvent.click(screen.getByRole('button', { name: 'accept' }));
    await waitFor(() => expect(shown()).toBe('true/true'));
    expect(unread.fetches).toHaveBeenCalled();

    // Logout fails → the session clears the user silently → the flags go with it.
    fireEvent.click(screen.getByRole('button', { name: 'logout' }));
    await waitFor(() => expect(shown()).toBe('false/false'));
  });

  describe('with fake timers', () => {
    beforeEach(() => jest.useFakeTimers());
    afterEach(() => jest.useRealTimers());

    it('polls every 180 s while the socket is down, once per interval under StrictMode', async () => {
      const unread = fakeUnreadFlags(both);
      renderProvider(fakeSession({ me: aUser() }), unread);
      await act(() => jest.advanceTimersByTimeAsync(0));
      expect(shown()).toBe('true/true');
      // StrictMode mounts twice, and the rehydrated actor may restart the first request.
      const initial = unread.fetches.mock.calls.length;
      expect(initial).toBeGreaterThanOrEqual(1);
      expect(initial).toBeLessThanOrEqual(2);

      await act(() => jest.advanceTimersByTimeAsync(UNREAD_POLL_MS));
      expect(unread.fetches).toHaveBeenCalledTimes(initial + 1);
      await act(() => jest.advanceTimersByTimeAsync(UNREAD_POLL_MS));
      expect(unread.fetches).toHaveBeenCalledTimes(initial + 2);

      act(() => unread.push({ type: 'SOCKET_CONNECTED' }));
      await act(() => jest.advanceTimersByTimeAsync(UNREAD_POLL_MS * 2));
      expect(unread.fetches).toHaveBeenCalledTimes(initial + 2);
    });
  });
});
