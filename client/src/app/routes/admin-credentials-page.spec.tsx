import type { AdminCredential, AdminCredentialPage } from '@campus/contracts/credentials';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { closeAllPopups, popupActor } from '../../components/ui/popup/popups';
import { fakeCatalogueApi, json, type FakeRoute } from '../../test/fake-catalogue-api';
import { fakeSession } from '../../test/fake-session';
import { aUser } from '../../test/fixtures';
import { preloadRouteModules } from '../../test/preload-route-modules';
import { renderWithRouter } from '../../test/render-with-router';
import { routes } from '../router';

jest.mock('../../lib/realtime', () => ({ onServerEvent: jest.fn(() => () => {}), onConnectionChange: jest.fn(() => () => {}) }));

const admin = () => fakeSession({ me: aUser({ role: 'admin', lastName: '管理', firstName: '花子' }) });

function aCredential(overrides: Partial<AdminCredential> = {}): AdminCredential {
  const credentialId = overrides.credentialId ?? '0b6f3c2e-8a51-4d7e-9f10-3c2b1a0d9e8f';
  return {
    credentialId,
    certificateSlug: 'K7QF2M9A3B',
    learnerName: '山田 太郎',
    learnerEmail: 'taro@example.com',
    courseSlug: 'line-ads-basic',
    courseLabel: 'LINE広告 Basic',
    validFrom: '2026-04-10T03:00:00.000Z',
    validUntil: '2027-04-10T03:00:00.000Z',
    status: 'active',
    revokedAt: null,
    revocationCategory: null,
    reason: null,
    jsonUrl: `https://campus.test/api/v1/credentials/${credentialId}?format=json`,
    ...overrides,
  };
}

const pageOf = (items: AdminCredential[], total = items.length): AdminCredentialPage => ({ items, total, limit: 20, offset: 0 });

/** The admin API calls made, as "METHOD path?query" with their JSON bodies. */
function adminCalls(fetchMock: jest.Mock) {
  return fetchMock.mock.calls
    .map(([input, init]: [RequestInfo | URL, RequestInit | undefined]) => ({
      key: `${init?.method ?? 'GET'} ${String(input)}`,
      body: init?.body ? (JSON.parse(String(init.body)) as unknown) : undefined,
    }))
    .filter((call) => call.key.includes('/api/v1/admin/credentials'));
}

function renderAt(at: string, api: Record<string, FakeRoute>) {
  const fetchMock = fakeCatalogueApi(api);
  return { ...renderWithRouter(routes, { at, session: admin() }), fetchMock };
}

beforeAll(preloadRouteModules, 60_000);

afterEach(async () => {
  closeAllPopups();
  await waitFor(() => expect(popupActor.getSnapshot().value).toBe('closed'));
});

/** A cell's text as read out: without the column name a phone's card repeats for the eye (aria-hidden). */
const cellText = (cell: HTMLElement) =>
  [...cell.childNodes].filter((node) => !(node instanceof Element && node.getAttribute('aria-hidden') === 'true')).map((node) => node.textContent).join('');

describe('/admin/credentials', () => {
  it('lists credentials with their state and JSON, and searches by what the admin types', async () => {
    const { fetchMock, router } = renderAt('/admin/credentials', {
      'GET /api/v1/admin/credentials': (url) =>
        url.searchParams.get('q') === 'k7qf2m9a3b'
          ? pageOf([aCredential()])
          : pageOf([aCredential(), aCredential({ credentialId: 'c-2', certificateSlug: 'ZZ12345678', status: 'revoked', revokedAt: '2026-05-01T00:00:00.000Z', reason: '不正受験' })], 2),
    });
    const table = await screen.findByRole('table', { name: 'デジタル認定証の一覧（全 2 件）' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => cellText(within(row).getAllByRole('cell')[4]!))).toEqual(['有効', '取り消し（理由: 不正受験）']);
    expect(within(rows[0]!).getByRole('link', { name: 'K7QF2M9A3B のJSONをダウンロード' }).getAttribute('href')).toBe(aCredential().jsonUrl);
    expect(within(rows[1]!).getByRole('button', { name: 'ZZ12345678 の取り消しを解除' })).toBeInTheDocument();

    fireEvent.change(screen.getByLabelText('学習者（メールアドレス・氏名）または認定証番号'), { target: { value: ' k7qf2m9a3b ' } });
    fireEvent.click(screen.getByRole('button', { name: '検索' }));
    await waitFor(() => expect(router.state.location.search).toBe('?q=k7qf2m9a3b'));
    expect(await screen.findByRole('table', { name: 'デジタル認定証の一覧（全 1 件）' })).toBeInTheDocument();
    // Strict mode mounts twice in tests: what was asked, in order, once each.
    expect([...new Set(adminCalls(fetchMock).map((call) => call.key))]).toEqual(['GET /api/v1/admin/credentials?limit=20&offset=0', 'GET /api/v1/admin/credentials?q=k7qf2m9a3b&limit=20&offset=0']);
  });

  it('revokes with a reason, refusing an empty one, then shows the list again', async () => {
    let revoked = false;
    const { fetchMock } = renderAt('/admin/credentials', {
      'GET /api/v1/admin/credentials': () => pageOf([revoked ? aCredential({ status: 'revoked', revokedAt: '2026-05-01T00:00:00.000Z', reason: '不正受験が確認されたため' }) : aCredential()]),
      [`PUT /api/v1/admin/credentials/${aCredential().credentialId}/revocation`]: () => {
        revoked = true;
        return { credentialId: aCredential().credentialId, revoked: true, revokedAt: '2026-05-01T00:00:00.000Z', category: 'other', reason: '不正受験が確認されたため' };
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'K7QF2M9A3B を取り消す' }));
    const form = screen.getByRole('form', { name: /K7QF2M9A3B.*を取り消す/ });
    const reason = within(form).getByLabelText(/理由/);
    expect(document.activeElement).toBe(reason);
    fireEvent.click(within(form).getByRole('button', { name: '取り消しを確定' }));
    expect(await within(form).findByText('理由を入力してください')).toBeInTheDocument();
    expect(adminCalls(fetchMock).filter((call) => call.key.startsWith('PUT'))).toEqual([]);

    fireEvent.change(reason, { target: { value: '不正受験が確認されたため' } });
    fireEvent.click(within(form).getByRole('button', { name: '取り消しを確定' }));
    expect(await screen.findByText('認定証番号 K7QF2M9A3B のデジタル認定証を取り消しました。学習者に通知します。')).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'K7QF2M9A3B の取り消しを解除' })).toBeInTheDocument();
    expect(adminCalls(fetchMock).filter((call) => call.key.startsWith('PUT'))).toEqual([
      { key: `PUT /api/v1/admin/credentials/${aCredential().credentialId}/revocation`, body: { revoked: true, reason: '不正受験が確認されたため', category: 'other' } },
    ]);
  });

  it('says when nothing matches, keeping the search in the field', async () => {
    renderAt('/admin/credentials?q=nobody', { 'GET /api/v1/admin/credentials': () => pageOf([]) });
    expect(await screen.findByText('検索に一致するデジタル認定証はありません。')).toBeInTheDocument();
    expect((screen.getByLabelText('学習者（メールアドレス・氏名）または認定証番号') as HTMLInputElement).value).toBe('nobody');
  });

  it('says the list could not load, with 再読み込み', async () => {
    renderAt('/admin/credentials', { 'GET /api/v1/admin/credentials': () => json({ message: '一時的に利用できません', status: 503, code: 'SERVICE_UNAVAILABLE' }, 503) });
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByRole('button', { name: '再読み込み' })).toBeInTheDocument();
  });

  it('puts a refused reason next to the field', async () => {
    renderAt('/admin/credentials', {
      'GET /api/v1/admin/credentials': () => pageOf([aCredential()]),
      [`PUT /api/v1/admin/credentials/${aCredential().credentialId}/revocation`]: () => json({ message: 'reason: 理由は500文字以内で入力してください', status: 400, code: 'VALIDATION_FAILED', field: 'reason' }, 400),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'K7QF2M9A3B を取り消す' }));
    const form = screen.getByRole('form', { name: /K7QF2M9A3B/ });
    fireEvent.change(within(form).getByLabelText(/理由/), { target: { value: 'x' } });
    fireEvent.click(within(form).getByRole('button', { name: '取り消しを確定' }));
    expect(await within(form).findByText('理由は500文字以内で入力してください')).toBeInTheDocument();
    expect(within(form).getByLabelText(/理由/).getAttribute('aria-invalid')).toBe('true');
  });
});
