import type { FeedItem } from '@campus/contracts/notifications';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { RouteObject } from 'react-router-dom';
import { closeAllPopups, popupActor } from '../../components/ui/popup/popups';
import { fakeSession } from '../../test/fake-session';
import { aUser } from '../../test/fixtures';
import { renderWithRouter } from '../../test/render-with-router';
import { AppShell } from '../shell/app-shell';
import {
  NotificationDetailPage,
  notificationDetailLoader,
  NotificationListPage,
  notificationListLoader,
} from './notification-pages';
import { RouteErrorPage } from './route-error-page';

/** The feed pages as the router has them (the slug check and the personal-feed guard are the route table's). */
const routes: RouteObject[] = [
  {
    element: <AppShell />,
    children: [
      {
        errorElement: <RouteErrorPage />,
        hydrateFallbackElement: <p>読み込み中</p>,
        children: [
          { path: '/', element: <h1>トップページ</h1> },
          { path: '/notifications/:feedCategory', loader: notificationListLoader, Component: NotificationListPage },
          { path: '/notifications/:feedCategory/:feedSlug', loader: notificationDetailLoader, Component: NotificationDetailPage },
        ],
      },
    ],
  },
];

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

const anItem = (overrides: Partial<FeedItem> = {}): FeedItem => ({
  id: 'a1',
  title: 'メンテナンスのお知らせ',
  body: '11月30日にメンテナンスを行います。\nご不便をおかけします。',
  link: null,
  publishedAt: '2026-11-22T01:00:00.000Z',
  isRead: false,
  ...overrides,
});

type Handler = (url: URL) => Response | Promise<Response>;

/** Answers the API calls by "METHOD path"; records every call. */
function fakeApi(handlers: Record<string, Handler>) {
  const calls: { method: string; url: URL }[] = [];
  jest.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = new URL(String(input), 'http://localhost');
    const method = init?.method ?? 'GET';
    calls.push({ method, url });
    const handler = handlers[`${method} ${url.pathname}`];
    if (!handler) throw new Error(`unexpected call ${method} ${url.pathname}`);
    return handler(url);
  });
  return calls;
}

const learner = () => fakeSession({ me: aUser() });
const visitor = () => fakeSession({ me: null });

afterEach(async () => {
  closeAllPopups();
  await waitFor(() => expect(popupActor.getSnapshot().value).toBe('closed'));
});

describe('NotificationListPage', () => {
  it('lists the announcements with their date, title, link and an 未読 marker on unread ones', async () => {
    const calls = fakeApi({
      'GET /api/v1/announcements/': () =>
        json({
          items: [anItem(), anItem({ id: 'a2', title: '新しいコース', isRead: true, publishedAt: '2026-11-20T15:30:00.000Z' })],
          total: 2,
          limit: 20,
          offset: 0,
        }),
    });
    renderWithRouter(routes, { at: '/notifications/general', session: learner() });

    expect(await screen.findByRole('heading', { level: 1, name: 'お知らせ' })).toBeInTheDocument();
    const list = await screen.findByRole('list', { name: 'お知らせの一覧' });
    const [first, second] = within(list).getAllByRole('listitem');
    expect(first!.textContent).toContain('2026年11月22日');
    expect(within(first!).getByText('未読')).toBeInTheDocument();
    expect(within(first!).getByRole('link', { name: 'メンテナンスのお知らせ' }).getAttribute('href')).toBe('/notifications/general/a1');
    // 15:30 UTC is already the next day in Tokyo.
    expect(second!.textContent).toContain('2026年11月21日');
    expect(within(second!).queryByText('未読')).toBeNull();
    expect(calls[0]!.url.search).toBe('?limit=20&offset=0');
    await waitFor(() => expect(document.title).toBe('お知らせ - マーケティング学習キャンパス'));
  });

  it('offers the personal tab to a learner only', async () => {
    fakeApi({ 'GET /api/v1/announcements/': () => json({ items: [anItem()], total: 1, limit: 20, offset: 0 }) });
    const { unmount } = renderWithRouter(routes, { at: '/notifications/general', session: learner() });

    const tabs = await screen.findByRole('navigation', { name: 'お知らせの種類' });
    await waitFor(() => expect(within(tabs).getByRole('link', { name: 'あなたへのお知らせ' }).getAttribute('href')).toBe('/notifications/personal'));
    expect(within(tabs).getByRole('link', { name: 'お知らせ' }).getAttribute('aria-current')).toBe('page');
    expect(screen.getByRole('button', { name: 'すべて既読にする' })).toBeInTheDocument();
    unmount();

    renderWithRouter(routes, { at: '/notifications/general', session: visitor() });
    const visitorTabs = await screen.findByRole('navigation', { name: 'お知らせの種類' });
    await screen.findByRole('list', { name: 'お知らせの一覧' });
    expect(within(visitorTabs).queryByRole('link', { name: 'あなたへのお知らせ' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'すべて既読にする' })).toBeNull();
  });

  it('pages by 20 with the page in the address', async () => {
    const calls = fakeApi({ 'GET /api/v1/notifications/': () => json({ items: [anItem()], total: 45, limit: 20, offset: 20 }) });
    renderWithRouter(routes, { at: '/notifications/personal?page=2', session: learner() });

    const pager = await screen.findByRole('navigation', { name: 'ページ送り' });
    expect(pager.textContent).toContain('2 / 3 ページ');
    expect(within(pager).getByRole('link', { name: '前のページ' }).getAttribute('href')).toBe('/notifications/personal');
    expect(within(pager).getByRole('link', { name: '次のページ' }).getAttribute('href')).toBe('/notifications/personal?page=3');
    expect(calls[0]!.url.search).toBe('?limit=20&offset=20');
  });

  it('says so when there is nothing to read', async () => {
    fakeApi({ 'GET /api/v1/notifications/': () => json({ items: [], total: 0, limit: 20, offset: 0 }) });
    renderWithRouter(routes, { at: '/notifications/personal', session: learner() });

    const empty = await screen.findByText('お知らせはありません。');
    expect(empty.closest('.empty-state')).not.toBeNull();
    expect(screen.queryByRole('button', { name: 'すべて既読にする' })).toBeNull();
    expect(screen.queryByRole('navigation', { name: 'ページ送り' })).toBeNull();
  });

  it('marks everything read: calls the API, the items become read, the list is loaded again', async () => {
    let read = false;
    const calls = fakeApi({
      'GET /api/v1/notifications/': () => json({ items: [anItem({ isRead: read })], total: 1, limit: 20, offset: 0 }),
      'PUT /api/v1/notifications/mark-as-read': () => {
        read = true;
        return json({ markedCount: 1 });
      },
    });
    renderWithRouter(routes, { at: '/notifications/personal', session: learner() });

    const list = await screen.findByRole('list', { name: 'お知らせの一覧' });
    expect(within(list).getByText('未読')).toBeInTheDocument();

    fireEvent.click(await screen.findByRole('button', { name: 'すべて既読にする' }));

    await waitFor(() => expect(within(list).queryByText('未読')).toBeNull());
    expect(screen.getByRole('status').textContent).toBe('すべて既読にしました。');
    expect(calls.filter((call) => call.method === 'PUT').map((call) => call.url.pathname)).toEqual(['/api/v1/notifications/mark-as-read']);
    await waitFor(() => expect(calls.filter((call) => call.method === 'GET')).toHaveLength(2));
  });
});

describe('NotificationDetailPage', () => {
  it('shows the title, date, body with its line breaks and the campus link', async () => {
    const calls = fakeApi({
      'GET /api/v1/notifications/n1': () =>
        json(anItem({ id: 'n1', title: '合格おめでとうございます', link: '/mypage/certificates', body: '1行目\n<b>2行目</b>' })),
    });
    renderWithRouter(routes, { at: '/notifications/personal/n1', session: learner() });

    expect(await screen.findByRole('heading', { level: 1, name: '合格おめでとうございます' })).toBeInTheDocument();
    expect(screen.getByText('2026年11月22日')).toBeInTheDocument();
    const body = screen.getByText(/1行目/);
    // Text, not HTML.
    expect(body.textContent).toBe('1行目\n<b>2行目</b>');
    expect(body.querySelector('b')).toBeNull();
    expect(screen.getByRole('link', { name: '詳しく見る' }).getAttribute('href')).toBe('/mypage/certificates');
    expect(screen.getByRole('link', { name: '一覧へ戻る' }).getAttribute('href')).toBe('/notifications/personal');
    expect(calls[0]!.url.pathname).toBe('/api/v1/notifications/n1');
    await waitFor(() => expect(document.title).toBe('合格おめでとうございます - マーケティング学習キャンパス'));
  });

  it('offers no link for an item without one, or one that leaves the campus', async () => {
    fakeApi({ 'GET /api/v1/announcements/a1': () => json(anItem({ link: 'javascript:alert(1)' })) });
    renderWithRouter(routes, { at: '/notifications/general/a1', session: visitor() });

    expect(await screen.findByRole('heading', { level: 1, name: 'メンテナンスのお知らせ' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: '詳しく見る' })).toBeNull();
  });

  it('shows the 404 page for an unknown item', async () => {
    fakeApi({ 'GET /api/v1/announcements/nope': () => json({ message: '見つかりません', status: 404, code: 'NOT_FOUND' }, 404) });
    renderWithRouter(routes, { at: '/notifications/general/nope', session: visitor() });

    expect(await screen.findByRole('heading', { name: 'お探しのページはみつかりませんでした。' })).toBeInTheDocument();
  });
});
