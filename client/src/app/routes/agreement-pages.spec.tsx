import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { closeAllPopups, popupActor } from '../../components/ui/popup/popups';
import { apiErrorResponse, fakeCatalogueApi } from '../../test/fake-catalogue-api';
import { fakeSession } from '../../test/fake-session';
import { renderWithRouter } from '../../test/render-with-router';
import { routes } from '../router';

describe('the agreement pages (/terms, /privacy)', () => {
  afterEach(async () => {
    act(() => closeAllPopups());
    await waitFor(() => expect(popupActor.getSnapshot().value).toBe('closed'));
  });

  it('shows a visitor the terms with their version, and leads to the privacy policy, also from the footer', async () => {
    fakeCatalogueApi({
      'GET /api/v1/agreements/terms': () => ({
        kind: 'terms',
        version: '2026-10-01',
        title: '利用規約',
        bodyHtml: '<h2>第1条（適用）</h2>\n<p>本規約は、本サービスの利用に適用されます。</p>\n',
      }),
    });
    const { router } = renderWithRouter(routes, { at: '/terms', session: fakeSession({ me: null }) });
    const main = within(await screen.findByRole('main'));
    expect(await main.findByRole('heading', { level: 1, name: '利用規約' })).toBeInTheDocument();
    expect(main.getByText('版：2026-10-01')).toBeInTheDocument();
    expect(main.getByRole('heading', { level: 2, name: '第1条（適用）' })).toBeInTheDocument();
    expect(main.getByText('本規約は、本サービスの利用に適用されます。')).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('利用規約 - マーケティング学習キャンパス'));

    const footer = within(screen.getByRole('navigation', { name: '規約とポリシー' }));
    expect(footer.getByRole('link', { name: '利用規約' }).getAttribute('href')).toBe('/terms');
    fireEvent.click(footer.getByRole('link', { name: 'プライバシーポリシー' }));
    expect(await main.findByRole('heading', { level: 1, name: 'プライバシーポリシー' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/privacy');
    await waitFor(() => expect(document.title).toBe('プライバシーポリシー - マーケティング学習キャンパス'));
  });

  it('shows the 404 page when the text is missing', async () => {
    fakeCatalogueApi({ 'GET /api/v1/agreements/privacy': () => apiErrorResponse(404, 'NOT_FOUND', 'プライバシーポリシーがみつかりませんでした') });
    renderWithRouter(routes, { at: '/privacy', session: fakeSession({ me: null }) });
    expect(await screen.findByRole('heading', { name: 'お探しのページはみつかりませんでした。' })).toBeInTheDocument();
  });

  it('shows an error popup, not a blank page, when the server fails', async () => {
    fakeCatalogueApi({ 'GET /api/v1/agreements/terms': () => apiErrorResponse(500, 'INTERNAL_ERROR') });
    renderWithRouter(routes, { at: '/terms', session: fakeSession({ me: null }) });
    expect(await screen.findByRole('alertdialog')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { level: 1, name: '利用規約' })).toBeNull();
  });
});
