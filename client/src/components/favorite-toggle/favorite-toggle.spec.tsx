import type { FavoriteState } from '@campus/contracts/course-activity';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { fromPromise } from 'xstate';
import { SessionProvider, useSessionStatus } from '../../lib/session/use-session';
import { fakeSession } from '../../test/fake-session';
import { aUser } from '../../test/fixtures';
import { FavoriteSettledContext } from './favorite-settled-context';
import { favoriteToggleMachine, type SaveFavoriteInput } from './favorite-toggle.machine';
import { FavoriteToggle } from './favorite-toggle';

function SessionStatusProbe() {
  return <p data-testid="session">{useSessionStatus()}</p>;
}

function renderToggle({ loggedIn, initial = false }: { loggedIn: boolean; initial?: boolean }) {
  const saves: SaveFavoriteInput[] = [];
  const askLogin = jest.fn(() => Promise.resolve('cancel'));
  const settled = jest.fn();
  const logic = favoriteToggleMachine.provide({
    actors: {
      askLogin: fromPromise(askLogin),
      saveFavorite: fromPromise<FavoriteState, SaveFavoriteInput>(async ({ input }) => {
        saves.push(input);
        return { isFavorite: input.value };
      }),
    },
  });
  render(
    <SessionProvider logic={fakeSession({ me: loggedIn ? aUser() : null })}>
      <SessionStatusProbe />
      <FavoriteSettledContext.Provider value={settled}>
        <FavoriteToggle kind="seminar" slug="live" title="ライブセミナー" initial={initial} logic={logic} />
      </FavoriteSettledContext.Provider>
    </SessionProvider>,
  );
  return { saves, askLogin, settled };
}

const sessionSettles = (status: string) => waitFor(() => expect(screen.getByTestId('session').textContent).toBe(status));

describe('FavoriteToggle', () => {
  it('is a toggle button named after what pressing it does', async () => {
    const { saves, settled } = renderToggle({ loggedIn: true });
    await sessionSettles('loggedIn');

    const button = screen.getByRole('button', { name: '受講したいリストに追加' });
    expect(button.getAttribute('aria-pressed')).toBe('false');

    fireEvent.click(button);

    const pressed = screen.getByRole('button', { name: '受講したいリストから外す' });
    expect(pressed.getAttribute('aria-pressed')).toBe('true');
    await waitFor(() => expect(settled).toHaveBeenCalledWith({ kind: 'seminar', slug: 'live' }, true));
    expect(saves).toEqual([{ kind: 'seminar', slug: 'live', value: true }]);
  });

  it('asks a visitor to log in and changes nothing', async () => {
    const { saves, askLogin } = renderToggle({ loggedIn: false, initial: false });
    await sessionSettles('loggedOut');

    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: '受講したいリストに追加' }));
    });

    expect(askLogin).toHaveBeenCalledTimes(1);
    expect(saves).toEqual([]);
    expect(screen.getByRole('button', { name: '受講したいリストに追加' }).getAttribute('aria-pressed')).toBe('false');
  });
});
