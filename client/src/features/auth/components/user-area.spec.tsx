import { fireEvent, screen, waitFor } from '@testing-library/react';
import { aUser } from '../../../test/fixtures';
import { fakeSession } from '../../../test/fake-session';
import { renderWithRouter } from '../../../test/render-with-router';
import { UserArea } from './user-area';

const renderUserArea = (session: ReturnType<typeof fakeSession>, at = '/') =>
  renderWithRouter([{ path: '*', element: <UserArea /> }], { at, session });

describe('UserArea', () => {
  it('offers a ログイン link that comes back to the current page', async () => {
    renderUserArea(fakeSession({ me: null }), '/yahoo-ads/courses/search?page=2#lessons');

    const link = await screen.findByRole('link', { name: 'ログイン' });
    const currentUrl = 'http://localhost/yahoo-ads/courses/search?page=2#lessons';
    expect(link.getAttribute('href')).toBe(`/api/v1/login?currentUrl=${encodeURIComponent(currentUrl)}`);
    expect(screen.queryByRole('button', { name: 'ログアウト' })).toBeNull();
  });

  it('does not send a leftover login=cancelled marker back to the login', async () => {
    renderUserArea(fakeSession({ me: null }), '/?login=cancelled&tab=1');

    const link = await screen.findByRole('link', { name: 'ログイン' });
    expect(link.getAttribute('href')).toBe(
      `/api/v1/login?currentUrl=${encodeURIComponent('http://localhost/?tab=1')}`,
    );
  });

  it('shows the user as 山田 太郎さん with a ログアウト button that logs out', async () => {
    const navigate = jest.fn();
    renderUserArea(
      fakeSession({ me: aUser(), logoutUrl: async () => 'http://idp.test/session/end?state=s', navigate }),
    );

    expect(await screen.findByText('山田 太郎さん')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'ログイン' })).toBeNull();

    const logout = screen.getByRole('button', { name: 'ログアウト' });
    fireEvent.click(logout);
    expect((logout as HTMLButtonElement).disabled).toBe(true);
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('http://idp.test/session/end?state=s'));
  });

  it('falls back to the ログイン link when the logout call fails', async () => {
    const navigate = jest.fn();
    renderUserArea(fakeSession({ me: aUser(), logoutUrl: () => Promise.reject(new Error('offline')), navigate }));

    fireEvent.click(await screen.findByRole('button', { name: 'ログアウト' }));

    expect(await screen.findByRole('link', { name: 'ログイン' })).toBeTruthy();
    expect(screen.queryByText('山田 太郎さん')).toBeNull();
    expect(navigate).not.toHaveBeenCalled();
  });
});
