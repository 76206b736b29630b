import { matchPagePath, PAGE_ROUTES } from '@campus/contracts/page-routes';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { RouteObject } from 'react-router-dom';
import { closeAllPopups, popupActor } from '../components/ui/popup/popups';
import { fakeCatalogueApi } from '../test/fake-catalogue-api';
import { aUser } from '../test/fixtures';
import { fakeSession } from '../test/fake-session';
import { preloadRouteModules } from '../test/preload-route-modules';
import { renderWithRouter } from '../test/render-with-router';
import { routes } from './router';

// The admin console's live pages listen to the socket: none in these tests.
jest.mock('../lib/realtime', () => ({ onServerEvent: jest.fn(() => () => {}), onConnectionChange: jest.fn(() => () => {}) }));

const NOT_FOUND = 'お探しのページはみつかりませんでした。';

/** The full path of every page the router serves: a leaf route's, or an index route's parent's (the 404 route aside). */
function routedPages(routes: RouteObject[], parent = ''): string[] {
  return routes.flatMap((route) => {
    const path = route.path === undefined ? parent : route.path.startsWith('/') ? route.path : `${parent}/${route.path}`;
    if (route.index) return [parent || '/'];
    if (route.children) return routedPages(route.children, path);
    return route.path === '*' ? [] : [path];
  });
}

describe('the router and contracts/page-routes.ts', () => {
  it('serves each page of the table once, and no page the table lacks', () => {
    const routed = routedPages(routes);
    expect([...routed].sort()).toEqual(Object.values(PAGE_ROUTES).map((page) => page.path).sort());
  });
});

describe('the route table (spec §2)', () => {
  beforeAll(preloadRouteModules, 60_000);

  // Catalogue pages load their data: answer with the fake catalogue (any course slug exists, in OA).
  beforeEach(() => {
    fakeCatalogueApi();
  });

  // The popup actor lives for the whole page (module level): let each test's popup fade out.
  afterEach(async () => {
    closeAllPopups();
    await waitFor(() => expect(popupActor.getSnapshot().value).toBe('closed'));
  });

  it.each([
    '/unknown-service',
    '/unknown-service/courses/a',
    '/unknown-service/courses/a/lessons/b',
    // The fake catalogue's courses are LINE公式アカウント's: not at another service's address.
    '/yahoo-ads/courses/basics/lessons/one',
    '/learn-with-video/line-ads',
    '/learn-with-video/nope/courses/a',
    '/lineyahoo-marketing-skill-badge/courses/line-ads-expert',
    '/lineyahoo-marketing-skill-badge/courses/nope/exam',
    '/notifications/everyone',
    '/a/b/c/d/e',
  ])('shows the 404 page for %s', async (path) => {
    renderWithRouter(routes, { at: path, session: fakeSession({ me: aUser() }) });
    expect(await screen.findByRole('heading', { name: NOT_FOUND })).toBeInTheDocument();
    // The server answers 404 too: it knows the path is no page, or asks the catalogue about its course.
    const page = matchPagePath(path);
    expect(page === null || page.content !== undefined).toBe(true);
  });

  it.each([
    ['/line-official-account', 'LINE公式アカウントを学ぶ'],
    ['/line-official-account/courses/basics', 'コース basics'],
    ['/line-official-account/courses/basics/lessons/one', 'レッスン one'],
    ['/learn-with-video/yahoo-ads', '動画で学ぶ Yahoo!広告'],
    ['/learn-with-video/line-official-account/courses/a/lessons/b', 'レッスン b'],
    ['/lineyahoo-marketing-skill-badge/courses/line-ads-basic/lessons/c', 'レッスン c'],
    ['/lineyahoo-marketing-skill-badge', 'マーケティングスキルバッジ'],
    ['/lineyahoo-marketing-skill-badge/courses/yahoo-ads-displayads-advanced', 'Yahoo!広告 ディスプレイ広告 Advanced'],
    ['/lineyahoo-marketing-skill-badge/courses/line-ads-basic/exam-policy', 'LINE広告 Basic 受験規約'],
    ['/lineyahoo-marketing-skill-badge/courses/line-ads-basic/exam', 'LINE広告 Basic 認定試験'],
    ['/mypage/certificates/abc', 'LINE広告 Basic 認定証'],
    ['/certificates/verify/abc', '認定証の確認'],
    ['/certificates/verify', 'デジタル認定証の検証'],
    ['/notifications/personal/welcome', 'あなたへのお知らせ welcome'],
    ['/notifications/general', 'お知らせ'],
    ['/line-green-badge', 'LINE Green Badge'],
    ['/terms', '利用規約'],
    ['/privacy', 'プライバシーポリシー'],
  ])('shows %s with its title', async (path, heading) => {
    // The server answers these pages 200: its route table (contracts/page-routes.ts) has them too.
    expect(matchPagePath(path)).not.toBeNull();
    renderWithRouter(routes, { at: path, session: fakeSession({ me: aUser() }) });
    // Course titles are PhraseText.
    await waitFor(() => expect(document.title).toBe(`${heading} - マーケティング学習キャンパス`));
    // The heading the title was taken from is the one on screen (a loading state may have drawn an earlier one).
    expect(screen.getByRole('heading', { name: heading })).toBeInTheDocument();
  });

  it.each([
    ['/mypage', '/mypage/profile'],
    ['/notifications', '/notifications/general'],
  ])('redirects %s to %s', async (from, to) => {
    const { router } = renderWithRouter(routes, { at: from, session: fakeSession({ me: aUser() }) });
    await waitFor(() => expect(router.state.location.pathname).toBe(to));
  });

  it('asks a visitor to log in on a protected page and keeps the page empty', async () => {
    renderWithRouter(routes, { at: '/mypage/wishlist', session: fakeSession({ me: null }) });
    expect(await screen.findByRole('alertdialog', { name: 'ログインしてください' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: '受講したいリスト' })).toBeNull();
    // Yet the tab names the page (issue 32 §11), as the server's HTML does, not the bare site name.
    await waitFor(() => expect(document.title).toBe('受講したいリスト - マーケティング学習キャンパス'));
  });

  it('sends a visitor back from a cancelled login to the top page instead of asking again', async () => {
    const { router } = renderWithRouter(routes, {
      at: '/lineyahoo-marketing-skill-badge/courses/line-ads-basic/exam-policy?login=cancelled',
      session: fakeSession({ me: null }),
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    await waitFor(() => expect(screen.queryByRole('alertdialog', { name: 'ログインしてください' })).toBeNull());
  });

  it('sends a learner without agreements away from the personal feed', async () => {
    const { router } = renderWithRouter(routes, {
      at: '/notifications/personal',
      session: fakeSession({ me: aUser({ hasAcceptedAgreements: false }) }),
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it('scrolls to the top on lesson routes', async () => {
    const scrollTo = jest.fn();
    window.scrollTo = scrollTo;
    renderWithRouter(routes, { at: '/line-official-account/courses/a/lessons/b', session: fakeSession({ me: aUser() }) });
    await screen.findByRole('heading', { name: 'レッスン b' });
    expect(scrollTo).toHaveBeenCalledWith(0, 0);
  });
});

describe('the admin console routes', () => {
  const admin = () => fakeSession({ me: aUser({ role: 'admin', lastName: '管理', firstName: '花子' }) });
  const never = () => new Promise(() => {});

  beforeEach(() => {
    fakeCatalogueApi({
      'GET /api/v1/admin/announcements': () => ({ items: [], total: 0, limit: 20, offset: 0 }),
      'GET /api/v1/admin/announcements/*': () => ({
        announcementId: 'a-1',
        title: '春のお知らせ',
        body: '本文',
        link: null,
        publishAt: '2026-04-01T00:00:00.000Z',
        unpublishedAt: null,
        status: 'published',
        createdAt: '2026-04-01T00:00:00.000Z',
        readCount: 0,
      }),
      'GET /api/v1/admin/legacy-badge-imports': () => ({ items: [] }),
      'GET /api/v1/admin/credentials': () => ({ items: [], total: 0, limit: 20, offset: 0 }),
      // The monitoring pages' data is theirs to test: here they only need to be reached.
      'GET /api/v1/admin/events': never,
      'GET /api/v1/admin/events/types': never,
      'GET /api/v1/admin/queues': never,
      'GET /api/v1/admin/analytics/exams': never,
    });
  });

  afterEach(async () => {
    closeAllPopups();
    await waitFor(() => expect(popupActor.getSnapshot().value).toBe('closed'));
  });

  it('redirects /admin to /admin/events', async () => {
    const { router } = renderWithRouter(routes, { at: '/admin', session: admin() });
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/events'));
  });

  it.each([
    ['/admin/announcements', 'お知らせ'],
    ['/admin/announcements/new', '新しいお知らせ'],
    ['/admin/announcements/a-1', 'お知らせの編集'],
    ['/admin/messages', '個別のお知らせ'],
    ['/admin/accommodations', '試験時間の延長'],
    ['/admin/imports', 'バッジの移行'],
    ['/admin/credentials', 'デジタル認定証'],
    ['/admin/studio', 'コンテンツスタジオ'],
    ['/admin/studio/courses', 'コースとレッスン'],
    ['/admin/studio/courses/c-1', 'コースの編集'],
    ['/admin/studio/questions', '問題バンク'],
    ['/admin/studio/questions/line-ads-basic', '問題の一覧'],
    ['/admin/studio/questions/line-ads-basic/new', '新しい問題'],
    ['/admin/studio/questions/line-ads-basic/edit/q-1', '問題の編集'],
    ['/admin/studio/questions/line-ads-basic/blueprint', '出題設計'],
    ['/admin/studio/questions/line-ads-basic/preview', '見本の試験（受講者の画面）'],
  ])('shows %s to an admin inside the console', async (path, heading) => {
    renderWithRouter(routes, { at: path, session: admin() });
    expect(await screen.findByRole('heading', { level: 1, name: heading }, { timeout: 5000 })).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: '運営コンソール' });
    expect(within(nav).getAllByRole('link').map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['イベント', '/admin/events'],
      ['お知らせ', '/admin/announcements'],
      ['個別のお知らせ', '/admin/messages'],
      ['試験時間の延長', '/admin/accommodations'],
      ['ジョブキュー', '/admin/queues'],
      ['試験の分析', '/admin/analytics'],
      ['アクセスログ', '/admin/analytics-log'],
      ['バッジの移行', '/admin/imports'],
      ['デジタル認定証', '/admin/credentials'],
      ['コンテンツスタジオ', '/admin/studio'],
      ['問題バンク', '/admin/studio/questions'],
    ]);
    await waitFor(() => expect(document.title).toBe(`${heading}（運営コンソール） - マーケティング学習キャンパス`));
  });

  it.each(['/admin/events', '/admin/queues', '/admin/analytics', '/admin/analytics-log'])('routes %s to a monitoring page inside the console', async (path) => {
    const { router } = renderWithRouter(routes, { at: path, session: admin() });
    const nav = await screen.findByRole('navigation', { name: '運営コンソール' }, { timeout: 5000 });
    expect(within(nav).getByRole('link', { current: 'page' }).getAttribute('href')).toBe(path);
    expect(screen.queryByRole('heading', { name: NOT_FOUND })).toBeNull();
    expect(router.state.location.pathname).toBe(path);
  });

  it('tells a logged-in learner the console is not for them, with the way back', async () => {
    const { router } = renderWithRouter(routes, { at: '/admin/announcements', session: fakeSession({ me: aUser() }) });
    expect((await screen.findByRole('heading', { name: 'このページを表示する権限がありません' })).tagName).toBe('H1');
    expect(screen.queryByRole('navigation', { name: '運営コンソール' })).toBeNull();
    fireEvent.click(screen.getByRole('link', { name: 'トップページへ' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it('asks a visitor to log in and shows nothing of the console', async () => {
    renderWithRouter(routes, { at: '/admin/imports', session: fakeSession({ me: null }) });
    expect(await screen.findByRole('alertdialog', { name: 'ログインしてください' })).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: '運営コンソール' })).toBeNull();
  });
});
