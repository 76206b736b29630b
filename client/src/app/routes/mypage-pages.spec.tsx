import type { CourseCard } from '@campus/contracts/catalogue';
import type { FavoriteCourse, VisitedCourse } from '@campus/contracts/course-activity';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { RouteObject } from 'react-router-dom';
import { closeAllPopups, popupActor } from '../../components/ui/popup/popups';
import { checkSessionAtStart } from '../../lib/session/session-at-start';
import { fakeSession } from '../../test/fake-session';
import { aUser } from '../../test/fixtures';
import { renderWithRouter } from '../../test/render-with-router';
import { GuardedOutlet } from '../route-guards/guarded-outlet';
import { AppShell } from '../shell/app-shell';
import {
  HISTORY_EMPTY_TEXT,
  HistoryPage,
  historyLoader,
  WISHLIST_EMPTY_TEXT,
  WISHLIST_REMOVED_TEXT,
  WishlistPage,
  wishlistLoader,
} from './mypage-pages';
import { RouteErrorPage } from './route-error-page';

/** The two pages as the router has them: behind the login and agreement guards, errors in the layout. */
const routes: RouteObject[] = [
  {
    element: <AppShell />,
    children: [
      {
        errorElement: <RouteErrorPage />,
        children: [
          { path: '/', element: <h1>トップページ</h1> },
          {
            element: <GuardedOutlet guards={['login', 'agreement']} />,
            children: [
              { path: '/mypage/history', loader: historyLoader, Component: HistoryPage },
              { path: '/mypage/wishlist', loader: wishlistLoader, Component: WishlistPage },
            ],
          },
        ],
      },
    ],
  },
];

function aCourse(overrides: Partial<CourseCard> = {}): CourseCard {
  return {
    kind: 'learning',
    slug: 'first-steps',
    program: 'OA',
    title: 'はじめての公式アカウント',
    summary: '最初の一歩を学びます。',
    level: 'BEGINNER',
    categories: [],
    estimatedMinutes: 30,
    lessonCount: 4,
    loginRequired: false,
    path: '/line-official-account/courses/first-steps',
    isFavorite: false,
    isStarted: false,
    completedLessonCount: 0,
    ...overrides,
  };
}

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const loginRequired = () => json({ message: 'ログインしてください', status: 401, code: 'LOGIN_REQUIRED' }, 401);

type Handler = (url: URL, init: RequestInit | undefined) => Response | Promise<Response>;

/** Answers the API calls by "METHOD path"; records every call. */
function fakeApi(handlers: Record<string, Handler>) {
  const calls: { method: string; url: URL; body: unknown }[] = [];
  jest.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = new URL(String(input), 'http://localhost');
    const method = init?.method ?? 'GET';
    calls.push({ method, url, body: init?.body ? JSON.parse(String(init.body)) : undefined });
    const handler = handlers[`${method} ${url.pathname}`];
    if (!handler) throw new Error(`unexpected call ${method} ${url.pathname}`);
    return handler(url, init);
  });
  return calls;
}

const learner = () => fakeSession({ me: aUser() });

afterEach(async () => {
  closeAllPopups();
  await waitFor(() => expect(popupActor.getSnapshot().value).toBe('closed'));
});

describe('HistoryPage', () => {
  const visited = (overrides: Partial<VisitedCourse> = {}): VisitedCourse => ({
    ...aCourse(),
    visitedAt: '2026-11-22T01:00:00.000Z',
    ...overrides,
  });

  it('lists the visited courses with their last visit date', async () => {
    const calls = fakeApi({
      'GET /api/v2/course-history': () =>
        json({ items: [visited(), visited({ slug: 'ads-basics', title: '広告の基本', visitedAt: '2026-11-20T15:30:00.000Z' })], total: 2 }),
    });
    renderWithRouter(routes, { at: '/mypage/history', session: learner() });

    expect(await screen.findByRole('heading', { level: 1, name: '受講履歴' })).toBeInTheDocument();
    const list = await screen.findByRole('list', { name: '閲覧したコース' });
    const items = within(list).getAllByRole('listitem', { hidden: false }).filter((item) => item.parentElement === list);
    expect(items).toHaveLength(2);
    expect(within(items[0]!).getByRole('heading', { level: 2, name: 'はじめての公式アカウント' })).toBeInTheDocument();
    expect(items[0]!.textContent).toContain('最終閲覧日 2026年11月22日');
    // 15:30 UTC is already the next day in Tokyo.
    expect(items[1]!.textContent).toContain('最終閲覧日 2026年11月21日');
    expect(calls[0]!.url.search).toBe('?limit=20&offset=0');
    await waitFor(() => expect(document.title).toBe('受講履歴 - マーケティング学習キャンパス'));
  });

  it('keeps the type in the address and marks the current tab', async () => {
    const calls = fakeApi({ 'GET /api/v2/course-history': () => json({ items: [visited()], total: 1 }) });
    const { router } = renderWithRouter(routes, { at: '/mypage/history', session: learner() });

    const tabs = await screen.findByRole('navigation', { name: 'コースの種類' });
    expect(within(tabs).getByRole('link', { name: 'すべて' }).getAttribute('aria-current')).toBe('page');

    fireEvent.click(within(tabs).getByRole('link', { name: 'セミナー' }));

    await waitFor(() => expect(router.state.location.search).toBe('?type=seminar'));
    await waitFor(() => expect(within(tabs).getByRole('link', { name: 'セミナー' }).getAttribute('aria-current')).toBe('page'));
    expect(within(tabs).getByRole('link', { name: 'すべて' }).getAttribute('aria-current')).toBeNull();
    expect(calls[calls.length - 1]!.url.search).toBe('?limit=20&offset=0&type=seminar');
  });

  it('pages by 20 with links that keep the type', async () => {
    const calls = fakeApi({ 'GET /api/v2/course-history': () => json({ items: [visited()], total: 45 }) });
    renderWithRouter(routes, { at: '/mypage/history?type=learning&page=2', session: learner() });

    const pager = await screen.findByRole('navigation', { name: 'ページ送り' });
    expect(pager.textContent).toContain('2 / 3 ページ');
    expect(within(pager).getByRole('link', { name: '前のページ' }).getAttribute('href')).toBe('/mypage/history?type=learning');
    expect(within(pager).getByRole('link', { name: '次のページ' }).getAttribute('href')).toBe('/mypage/history?type=learning&page=3');
    expect(calls[0]!.url.search).toBe('?limit=20&offset=20&type=learning');
  });

  it('says so when nothing was visited yet, with a way to the courses', async () => {
    fakeApi({ 'GET /api/v2/course-history': () => json({ items: [], total: 0 }) });
    renderWithRouter(routes, { at: '/mypage/history', session: learner() });

    expect(await screen.findByText(HISTORY_EMPTY_TEXT)).toBeInTheDocument();
    expect(HISTORY_EMPTY_TEXT).toBe('まだ閲覧したコースはありません。');
    expect(screen.getByRole('link', { name: 'トップページでコースを探す' }).getAttribute('href')).toBe('/');
    expect(screen.queryByRole('navigation', { name: 'ページ送り' })).toBeNull();
  });

  it('loads again once the guard lets the page show, when the first load was refused', async () => {
    let answers = 0;
    fakeApi({
      'GET /api/v2/course-history': () => {
        answers += 1;
        return answers === 1 ? loginRequired() : json({ items: [visited()], total: 1 });
      },
    });
    renderWithRouter(routes, { at: '/mypage/history', session: learner() });

    expect(await screen.findByRole('heading', { level: 2, name: 'はじめての公式アカウント' })).toBeInTheDocument();
    expect(answers).toBe(2);
  });

  it('offers a retry when the server still refuses after the guard allowed the page', async () => {
    fakeApi({ 'GET /api/v2/course-history': () => loginRequired() });
    renderWithRouter(routes, { at: '/mypage/history', session: learner() });

    expect(await screen.findByRole('button', { name: '再読み込み' })).toBeInTheDocument();
    expect(screen.getByRole('alert').textContent).toContain('一覧を読み込めませんでした。');
  });
});

describe('WishlistPage', () => {
  const favorite = (overrides: Partial<FavoriteCourse> = {}): FavoriteCourse => ({
    ...aCourse({ isFavorite: true }),
    favoritedAt: '2026-11-01T03:00:00.000Z',
    ...overrides,
  });

  it('lists the favourite courses of the chosen type', async () => {
    const calls = fakeApi({
      'GET /api/v2/favorite-courses': () => json([favorite({ kind: 'seminar', slug: 'live', title: 'ライブセミナー' })]),
    });
    renderWithRouter(routes, { at: '/mypage/wishlist?type=seminar', session: learner() });

    expect(await screen.findByRole('heading', { level: 1, name: '受講したいリスト' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 2, name: 'ライブセミナー' })).toBeInTheDocument();
    expect(calls[0]!.url.search).toBe('?type=seminar');
    const toggle = screen.getByRole('button', { name: '受講したいリストから外す' });
    expect(toggle.getAttribute('aria-pressed')).toBe('true');
  });

  it('keeps a removed course in view, marked, and lets the learner put it back', async () => {
    const calls = fakeApi({
      'GET /api/v2/favorite-courses': () => json([favorite(), favorite({ slug: 'ads-basics', title: '広告の基本' })]),
      'PUT /api/v1/learning-courses/first-steps/is-favorite': (_, init) =>
        json({ isFavorite: (JSON.parse(String(init?.body)) as { value: boolean }).value }),
    });
    renderWithRouter(routes, { at: '/mypage/wishlist', session: learner() });

    const list = await screen.findByRole('list', { name: '受講したいコース' });
    const first = within(list).getByRole('heading', { level: 2, name: 'はじめての公式アカウント' }).closest('li')!;
    fireEvent.click(within(first).getByRole('button', { name: '受講したいリストから外す' }));

    await waitFor(() => expect(first.textContent).toContain(WISHLIST_REMOVED_TEXT));
    expect(first.className).toContain('activity-list__item--removed');
    expect(within(first).getByRole('button', { name: '受講したいリストに追加' }).getAttribute('aria-pressed')).toBe('false');
    expect(calls.filter((call) => call.method === 'PUT').map((call) => call.body)).toEqual([{ value: false }]);
    // The other course is untouched.
    const second = within(list).getByRole('heading', { level: 2, name: '広告の基本' }).closest('li')!;
    expect(second.textContent).not.toContain(WISHLIST_REMOVED_TEXT);

    fireEvent.click(within(first).getByRole('button', { name: '受講したいリストに追加' }));
    await waitFor(() => expect(first.textContent).not.toContain(WISHLIST_REMOVED_TEXT));
    expect(within(list).getAllByRole('heading', { level: 2 })).toHaveLength(2);
  });

  it('says so when the list is empty', async () => {
    fakeApi({ 'GET /api/v2/favorite-courses': () => json([]) });
    renderWithRouter(routes, { at: '/mypage/wishlist', session: learner() });

    expect(await screen.findByText(WISHLIST_EMPTY_TEXT)).toBeInTheDocument();
    expect(WISHLIST_EMPTY_TEXT).toBe('受講したいリストにコースはまだありません。');
    expect(screen.getByRole('link', { name: 'トップページでコースを探す' }).getAttribute('href')).toBe('/');
  });

  it('lets the guard alone ask a visitor to log in, without asking the API for the list first', async () => {
    const calls = fakeApi({ 'GET /api/v1/me': () => loginRequired(), 'GET /api/v2/favorite-courses': () => loginRequired() });
    // As main.tsx: who is there is asked before the router starts the page's loader.
    await checkSessionAtStart();
    renderWithRouter(routes, { at: '/mypage/wishlist', session: fakeSession({ me: null }) });

    expect(await screen.findByRole('alertdialog', { name: 'ログインしてください' })).toBeInTheDocument();
    expect(screen.getAllByRole('alertdialog')).toHaveLength(1);
    expect(calls.map(({ method, url }) => `${method} ${url.pathname}`)).toEqual(['GET /api/v1/me']);
    expect(screen.queryByRole('heading', { name: '受講したいリスト' })).toBeNull();
  });
});
