import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { fakeCatalogueApi } from '../test/fake-catalogue-api';
import { aUser } from '../test/fixtures';
import { fakeSession } from '../test/fake-session';
import { preloadRouteModules } from '../test/preload-route-modules';
import { renderWithRouter } from '../test/render-with-router';
import { routes } from './router';

describe('app routes', () => {
  beforeAll(preloadRouteModules, 60_000);

  // The top page loads its data: answer with the fake catalogue.
  beforeEach(() => {
    fakeCatalogueApi();
  });

  it('shows the top page inside the layout, with the site name linking to /', async () => {
    renderWithRouter(routes, { session: fakeSession({ me: null }) });

    expect(await screen.findByRole('heading', { level: 1 })).toBeInTheDocument();
    const header = screen.getByRole('banner');
    expect(within(header).getByRole('link', { name: 'マーケティング学習キャンパス' }).getAttribute('href')).toBe('/');
    // Logging in from the top page brings the learner back to it.
    expect(await within(header).findByRole('link', { name: 'ログイン' })).toHaveAttribute('href', `/api/v1/login?currentUrl=${encodeURIComponent(`${window.location.origin}/`)}`);
    await waitFor(() => expect(document.title).toBe('マーケティング学習キャンパス'));
  });

  it('shows the 404 page for an unknown path, with a way back to the top page', async () => {
    const { router } = renderWithRouter(routes, { at: '/no/such/page', session: fakeSession({ me: null }) });

    expect(await screen.findByRole('heading', { name: 'お探しのページはみつかりませんでした。' })).toBeInTheDocument();
    expect(screen.getByText('404')).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('ページが見つかりません - マーケティング学習キャンパス'));

    fireEvent.click(screen.getByRole('link', { name: 'トップページへ' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    // The router's state changes before React draws the top page: wait for the drawing too.
    await waitFor(() => expect(screen.queryByText('お探しのページはみつかりませんでした。')).toBeNull());
  });

  it('draws the 404 page of the exam layout inside its one <main> landmark', async () => {
    renderWithRouter(routes, { at: '/lineyahoo-marketing-skill-badge/courses/no-such-course/exam', session: fakeSession({ me: null }) });

    const heading = await screen.findByRole('heading', { name: 'お探しのページはみつかりませんでした。' });
    expect(screen.getAllByRole('main')).toHaveLength(1);
    expect(screen.getByRole('main')).toContainElement(heading);
  });

  it.each([
    ['cancelled', 'ログインがキャンセルされました。', 'status'],
    ['failed', 'ログインできませんでした。時間をおいて再度お試しください。', 'alert'],
  ] as const)('explains login=%s and removes the marker from the address', async (marker, message, role) => {
    const { router } = renderWithRouter(routes, {
      at: `/?tab=2&login=${marker}#top`,
      session: fakeSession({ me: null }),
    });

    const notice = await screen.findByRole(role);
    expect(notice).toHaveTextContent(message);
    await waitFor(() => expect(router.state.location.search).toBe('?tab=2'));
    expect(router.state.location.hash).toBe('#top');
    expect(router.state.historyAction).toBe('REPLACE');
    // Still readable after the address changed, until the learner closes it.
    expect(screen.getByText(message)).toBeInTheDocument();

    fireEvent.click(within(notice).getByRole('button', { name: '閉じる' }));
    expect(screen.queryByText(message)).toBeNull();
  });

  it('makes the page behind the agreement dialog inert', async () => {
    renderWithRouter(routes, { session: fakeSession({ me: aUser({ hasAcceptedAgreements: false }) }) });

    await screen.findByRole('alertdialog');
    const page = screen.getByRole('banner').parentElement;
    expect(page?.hasAttribute('inert')).toBe(true);
  });
});
