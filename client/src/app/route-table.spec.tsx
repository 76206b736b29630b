import { screen, waitFor } from '@testing-library/react';
import { closeAllPopups, popupActor } from '../components/ui/popup/popups';
import { fakeCatalogueApi } from '../test/fake-catalogue-api';
import { aUser } from '../test/fixtures';
import { fakeSession } from '../test/fake-session';
import { phraseName } from '../test/phrase-name';
import { renderWithRouter } from '../test/render-with-router';
import { routes } from './router';

const NOT_FOUND = 'お探しのページはみつかりませんでした。';

describe('the route table (spec §2)', () => {
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
    expect(await screen.findByRole('heading', { name: NOT_FOUND })).toBeTruthy();
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
    ['/notifications/personal/welcome', 'あなたへのお知らせ welcome'],
    ['/notifications/general', 'お知らせ'],
    ['/line-green-badge', 'LINE Green Badge'],
  ])('shows %s with its title', async (path, heading) => {
    renderWithRouter(routes, { at: path, session: fakeSession({ me: aUser() }) });
    // Course titles are PhraseText.
    expect(await screen.findByRole('heading', { name: phraseName(heading) })).toBeTruthy();
    await waitFor(() => expect(document.title).toBe(`${heading} - マーケティング学習キャンパス`));
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
    expect(await screen.findByRole('alertdialog', { name: 'ログインしてください' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: '受講したいリスト' })).toBeNull();
  });

  it('sends a visitor back from a cancelled login to the top page instead of asking again', async () => {
    const { router } = renderWithRouter(routes, {
      at: '/lineyahoo-marketing-skill-badge/courses/line-ads-basic/exam-policy?login=cancelled',
      session: fakeSession({ me: null }),
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(screen.queryByRole('alertdialog', { name: 'ログインしてください' })).toBeNull();
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
    await screen.findByRole('heading', { name: phraseName('レッスン b') });
    expect(scrollTo).toHaveBeenCalledWith(0, 0);
  });
});
