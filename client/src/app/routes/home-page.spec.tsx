import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { A_CAMPAIGN, A_FEATURED_ITEM, aCourseCard } from '../../test/catalogue-fixtures';
import { apiErrorResponse, fakeCatalogueApi, requestsOf } from '../../test/fake-catalogue-api';
import { fakeSession, type FakeSessionOptions } from '../../test/fake-session';
import { aUser } from '../../test/fixtures';
import { renderWithRouter } from '../../test/render-with-router';
import { routes } from '../router';

const historyRequests = (fetchMock: jest.Mock) => requestsOf(fetchMock).filter((request) => request.includes('course-history'));

const visited = aCourseCard({ slug: 'line-ads-basics', program: 'AD', title: 'LINE広告の基本', path: '/line-ads/courses/line-ads-basics' });

function renderHome(me: FakeSessionOptions['me']) {
  return renderWithRouter(routes, { at: '/', session: fakeSession({ me }) });
}

/** The top page has loaded once the hero's heading shows. */
const homeShown = () => screen.findByRole('heading', { level: 1, name: 'マーケティングを、無料で学ぼう' });

describe('the top page', () => {
  it('shows a visitor the pickup, the courses of each service, the badge banner and the categories — no history', async () => {
    const fetchMock = fakeCatalogueApi({ 'GET /api/v1/featured': () => [A_FEATURED_ITEM] });
    renderHome(null);
    await homeShown();

    const pickup = screen.getByRole('region', { name: 'ピックアップ' });
    expect(within(pickup).getByText('開設から最初の1か月まで、順番に学べます')).toBeInTheDocument();
    expect(within(pickup).getByRole('link').getAttribute('href')).toBe('/line-official-account/courses/oa-getting-started');

    for (const [name, path] of [
      ['LINE公式アカウントを学ぶ', '/line-official-account'],
      ['LINE広告を学ぶ', '/line-ads'],
      ['Yahoo!広告を学ぶ', '/yahoo-ads'],
    ]) {
      const section = screen.getByRole('region', { name });
      expect(within(section).getAllByRole('article')).toHaveLength(1);
      expect(within(section).getByRole('link', { name: /コースをすべて見る（全1件）/ }).getAttribute('href')).toBe(path);
    }

    const banner = screen.getByRole('region', { name: 'マーケティングスキルバッジに挑戦しよう' });
    expect(within(banner).getByRole('link').getAttribute('href')).toBe('/lineyahoo-marketing-skill-badge');

    const categories = within(screen.getByRole('region', { name: 'カテゴリーから探す' }));
    expect(categories.getByRole('list', { name: 'LINE広告のカテゴリー' })).toBeInTheDocument();
    expect(within(categories.getByRole('list', { name: 'LINE広告のカテゴリー' })).getByRole('link', { name: 'メッセージ配信' }).getAttribute('href')).toBe(
      '/line-ads?category=messaging',
    );

    expect(screen.queryByRole('region', { name: 'キャンペーン' })).toBeNull();
    expect(screen.queryByRole('heading', { name: '最近見たコース' })).toBeNull();
    expect(screen.queryByRole('heading', { name: '続きから学ぶ' })).toBeNull();
    expect(historyRequests(fetchMock)).toEqual([]);
  });

  it('shows a logged-in learner the three most recently visited courses, with a link to the whole history', async () => {
    const fetchMock = fakeCatalogueApi({ 'GET /api/v2/course-history': () => ({ items: [visited], total: 7 }) });
    renderHome(aUser());
    await homeShown();

    const history = await screen.findByRole('region', { name: '最近見たコース' });
    expect(await within(history).findByRole('link', { name: 'LINE広告の基本' })).toBeInTheDocument();
    expect(within(history).getByRole('link', { name: 'すべて見る' }).getAttribute('href')).toBe('/mypage/history');
    // (StrictMode runs the effect twice; the first request is aborted.)
    // The continue row asks for the course under way on its own (one only opened is not continued).
    expect(new Set(historyRequests(fetchMock))).toEqual(new Set(['GET /api/v2/course-history?limit=3', 'GET /api/v2/course-history?limit=1&inProgress=true']));
  });

  it('leads a logged-in learner back to the last course opened, with its progress', async () => {
    fakeCatalogueApi({
      'GET /api/v2/course-history': () => ({ items: [{ ...visited, lessonCount: 4, completedLessonCount: 3, visitedAt: '2026-11-20T00:00:00.000Z' }], total: 1 }),
    });
    renderHome(aUser());

    const row = await screen.findByRole('region', { name: '続きから学ぶ' });
    expect(await within(row).findByRole('progressbar', { name: '3 / 4 レッスン完了' })).toBeInTheDocument();
    expect(within(row).getByRole('link', { name: 'レッスンを再開する' }).getAttribute('href')).toBe('/line-ads/courses/line-ads-basics');
  });

  it('says so when the learner has not visited any course yet', async () => {
    fakeCatalogueApi();
    renderHome(aUser());
    expect(await screen.findByText('まだ見たコースはありません。コースを開くと、ここに表示されます。')).toBeInTheDocument();
  });

  it('does not ask for the history before the agreements are accepted', async () => {
    const fetchMock = fakeCatalogueApi();
    renderHome(aUser({ hasAcceptedAgreements: false }));
    await homeShown();
    await screen.findByRole('alertdialog');
    expect(screen.queryByRole('heading', { name: '最近見たコース' })).toBeNull();
    expect(historyRequests(fetchMock)).toEqual([]);
  });

  it('keeps the page when the history cannot be read, and reads it again on request', async () => {
    let fail = true;
    const fetchMock = fakeCatalogueApi({
      'GET /api/v2/course-history': () => (fail ? apiErrorResponse(500, 'INTERNAL_ERROR') : { items: [visited], total: 1 }),
    });
    renderHome(aUser());

    expect((await screen.findByRole('alert')).textContent).toContain('最近見たコースを読み込めませんでした。');
    const failedRequests = historyRequests(fetchMock).length;
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: '再読み込み' }));

    expect(await screen.findByRole('link', { name: 'LINE広告の基本' })).toBeInTheDocument();
    expect(historyRequests(fetchMock)).toHaveLength(failedRequests + 1);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('announces the running campaign with its period', async () => {
    fakeCatalogueApi({ 'GET /api/v1/campaign': () => A_CAMPAIGN });
    renderHome(null);

    const campaign = await screen.findByRole('region', { name: 'スキルバッジ取得応援キャンペーン' });
    expect(within(campaign).getByText('期間：2026年11月1日〜2027年1月31日')).toBeInTheDocument();
    // Markdown emphasis is dropped, never rendered as HTML.
    expect(within(campaign).getByText('期間中に認定試験に合格すると、スキルバッジが表示されます。')).toBeInTheDocument();
    expect(within(campaign).getByRole('link', { name: '詳しく見る' }).getAttribute('href')).toBe('/lineyahoo-marketing-skill-badge');
  });

  it('has the site name as its title', async () => {
    fakeCatalogueApi();
    renderHome(null);
    await homeShown();
    await waitFor(() => expect(document.title).toBe('マーケティング学習キャンパス'));
  });
});
