import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { CourseCardPage } from '@campus/contracts/catalogue';
import { closeAllPopups, popupActor } from '../../components/ui/popup/popups';
import { aCourseCard, aCourseDetail } from '../../test/catalogue-fixtures';
import { apiErrorResponse, fakeCatalogueApi, requestsOf, type FakeRoute } from '../../test/fake-catalogue-api';
import { fakeSession, type FakeSessionOptions } from '../../test/fake-session';
import { aUser } from '../../test/fixtures';
import { renderWithRouter } from '../../test/render-with-router';
import { routes } from '../router';

// Helper B's heart and share button: only what the pages hand them matters here.
jest.mock('../../components/favorite-toggle/favorite-toggle', () => ({
  FavoriteToggle: (props: object) => <button type="button" data-testid="favorite" data-props={JSON.stringify(props)} />,
}));
jest.mock('../../components/share/share-button', () => ({
  ShareButton: ({ title }: { title: string }) => (
    <button type="button" data-testid="share">
      {title}
    </button>
  ),
}));

const listRequests = (fetchMock: jest.Mock) =>
  requestsOf(fetchMock)
    .filter((request) => request.includes('/learning-courses/?'))
    .map((request) => request.replace('GET /api/v1/learning-courses/?', ''));

const aPage = (count: number, total = count, page = 1): CourseCardPage => ({
  items: Array.from({ length: count }, (_, index) => aCourseCard({ slug: `course-${index + 1}`, title: `コース${index + 1}` })),
  total,
  page,
  limit: 12,
});

const render = (at: string, me: FakeSessionOptions['me'] = null) => renderWithRouter(routes, { at, session: fakeSession({ me }) });

afterEach(async () => {
  closeAllPopups();
  await waitFor(() => expect(popupActor.getSnapshot().value).toBe('closed'));
});

describe('the service landing page', () => {
  it('shows the program, its categories, the course list with its count and the seminars', async () => {
    fakeCatalogueApi({
      'GET /api/v1/learning-courses': () => aPage(2),
      'GET /api/v1/seminar-courses': () => [aCourseCard({ kind: 'seminar', slug: 'oa-store-use-seminar', title: '店舗での活用セミナー' })],
    });
    render('/line-official-account');

    expect(await screen.findByRole('heading', { level: 1, name: 'LINE公式アカウントを学ぶ' })).toBeInTheDocument();
    expect(screen.getByText(/友だちとつながる運用/)).toBeInTheDocument();
    const categories = screen.getByRole('list', { name: 'LINE公式アカウントのカテゴリー' });
    expect(within(categories).getByRole('link', { name: 'メッセージ配信' }).getAttribute('href')).toBe('/line-official-account?category=messaging');

    const results = screen.getByRole('region', { name: 'コース一覧' });
    expect(within(results).getByRole('status').textContent).toBe('2件のコース');
    expect(within(results).getAllByRole('article')).toHaveLength(2);
    expect(within(screen.getByRole('region', { name: 'セミナー' })).getByRole('link', { name: '店舗での活用セミナー' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('LINE公式アカウントを学ぶ - マーケティング学習キャンパス'));
  });

  it('keeps the filters in the address: ticking a level loads that list, and back undoes it', async () => {
    const fetchMock = fakeCatalogueApi();
    const { router } = render('/line-ads');
    await screen.findByRole('heading', { level: 1, name: 'LINE広告を学ぶ' });

    fireEvent.click(screen.getByRole('checkbox', { name: '初級' }));
    await waitFor(() => expect(router.state.location.search).toBe('?level=BEGINNER'));
    await waitFor(() => expect(listRequests(fetchMock)).toContain('program=AD&level=BEGINNER&page=1&limit=12'));
    expect((screen.getByRole('checkbox', { name: '初級' }) as HTMLInputElement).checked).toBe(true);

    fireEvent.click(screen.getByRole('checkbox', { name: 'メッセージ配信' }));
    await waitFor(() => expect(router.state.location.search).toBe('?level=BEGINNER&category=messaging'));

    await act(() => router.navigate(-1));
    await waitFor(() => expect(router.state.location.search).toBe('?level=BEGINNER'));
    expect((screen.getByRole('checkbox', { name: 'メッセージ配信' }) as HTMLInputElement).checked).toBe(false);
    expect((screen.getByRole('checkbox', { name: '初級' }) as HTMLInputElement).checked).toBe(true);
  });

  it('goes back to page 1 when a filter changes', async () => {
    fakeCatalogueApi({ 'GET /api/v1/learning-courses': () => aPage(12, 30, 2) });
    const { router } = render('/line-ads?level=BEGINNER&page=2');
    fireEvent.click(await screen.findByRole('checkbox', { name: '中級' }));
    await waitFor(() => expect(router.state.location.search).toBe('?level=BEGINNER,INTERMEDIATE'));
  });

  it('offers page links that keep the other filters', async () => {
    fakeCatalogueApi({ 'GET /api/v1/learning-courses': () => aPage(12, 30, 2) });
    render('/line-ads?level=BEGINNER&page=2');

    const pages = await screen.findByRole('navigation', { name: 'ページ送り' });
    expect(within(pages).getByRole('link', { name: '前へ' }).getAttribute('href')).toBe('/line-ads?level=BEGINNER');
    expect(within(pages).getByRole('link', { name: '次へ' }).getAttribute('href')).toBe('/line-ads?level=BEGINNER&page=3');
    expect(within(pages).getByRole('link', { name: '2ページ目' }).getAttribute('aria-current')).toBe('page');
    expect(within(pages).getByRole('link', { name: '3ページ目' }).getAttribute('href')).toBe('/line-ads?level=BEGINNER&page=3');
    expect(screen.getByRole('status').textContent).toBe('30件のコース（2 / 3ページ）');
  });

  it('says when nothing matches and offers to clear the filters', async () => {
    fakeCatalogueApi({ 'GET /api/v1/learning-courses': () => aPage(0) });
    const { router } = render('/yahoo-ads?level=ADVANCED&category=keywords');

    expect(await screen.findByText('条件に合うコースが見つかりませんでした。')).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'ページ送り' })).toBeNull();
    const clear = within(screen.getByText('条件に合うコースが見つかりませんでした。').parentElement!).getByRole('link', { name: '絞り込みを解除する' });
    fireEvent.click(clear);
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });

  it('offers the learner filters only to a logged-in learner, sent as isStarted=false', async () => {
    const fetchMock = fakeCatalogueApi();
    const { router } = render('/line-ads', aUser());

    fireEvent.click(await screen.findByRole('checkbox', { name: '未受講のみ' }));
    await waitFor(() => expect(router.state.location.search).toBe('?notTaken=true'));
    await waitFor(() => expect(listRequests(fetchMock)).toContain('program=AD&isStarted=false&page=1&limit=12'));
    expect(screen.getByRole('checkbox', { name: '受講したいリストのみ' })).toBeInTheDocument();
  });

  it('shows a visitor no learner filters, and the list without them when the address has them', async () => {
    const learningCourses: FakeRoute = (url) =>
      url.searchParams.has('isFavorite') ? apiErrorResponse(401, 'LOGIN_REQUIRED', 'ログインしてください') : aPage(1);
    fakeCatalogueApi({ 'GET /api/v1/learning-courses': learningCourses });
    render('/line-ads?isFavorite=true');

    expect(await screen.findByText(/「未受講のみ」「受講したいリストのみ」の絞り込みは、ログインするとご利用いただけます。/)).toBeInTheDocument();
    expect(screen.queryByRole('checkbox', { name: '未受講のみ' })).toBeNull();
    expect(screen.queryByRole('checkbox', { name: '受講したいリストのみ' })).toBeNull();
    expect(screen.getAllByRole('article')).toHaveLength(1);
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });
});

describe('the course page', () => {
  const coursePath = '/line-official-account/courses/oa-grow-friends';
  const visits = (fetchMock: jest.Mock) => requestsOf(fetchMock).filter((request) => request.startsWith('PUT'));

  it('shows the course with its lessons, the learner progress, the heart, sharing and a way to start', async () => {
    fakeCatalogueApi({ 'GET /api/v1/learning-courses/*': () => aCourseDetail({ slug: 'oa-grow-friends', title: '友だちを増やそう', isFavorite: true }) });
    render(coursePath);

    expect(await screen.findByRole('heading', { level: 1, name: '友だちを増やそう' })).toBeInTheDocument();
    const breadcrumb = screen.getByRole('navigation', { name: 'パンくずリスト' });
    expect(within(breadcrumb).getByRole('link', { name: 'LINE公式アカウント' }).getAttribute('href')).toBe('/line-official-account');

    const lessons = screen.getByRole('list', { name: 'レッスン一覧' });
    const items = within(lessons).getAllByRole('listitem');
    expect(items).toHaveLength(3);
    expect(within(items[0]!).getByRole('link').getAttribute('href')).toBe(`${coursePath}/lessons/open-account`);
    expect(within(items[0]!).getByText('受講済み')).toBeInTheDocument();
    expect(within(items[1]!).getByText('ログイン限定')).toBeInTheDocument();
    expect(within(items[1]!).queryByText('受講済み')).toBeNull();
    expect(screen.getByText('1 / 3 レッスン完了')).toBeInTheDocument();
    // The first lesson is done: the main button resumes at the next one.
    expect(screen.getByRole('link', { name: '続きから学ぶ' }).getAttribute('href')).toBe(`${coursePath}/lessons/first-message`);

    expect(JSON.parse(screen.getByTestId('favorite').getAttribute('data-props')!)).toEqual({
      kind: 'learning',
      slug: 'oa-grow-friends',
      title: '友だちを増やそう',
      initial: true,
    });
    expect(screen.getByTestId('share').textContent).toBe('友だちを増やそう');
    await waitFor(() => expect(document.title).toBe('友だちを増やそう - マーケティング学習キャンパス'));
  });

  it('records one visit for a logged-in learner who has accepted the agreements', async () => {
    const fetchMock = fakeCatalogueApi();
    render(coursePath, aUser());
    await screen.findByRole('heading', { level: 1 });
    await waitFor(() => expect(visits(fetchMock)).toEqual(['PUT /api/v1/learning-courses/oa-grow-friends/mark-as-visited']));
  });

  it('records a seminar visit as a seminar visit', async () => {
    const fetchMock = fakeCatalogueApi({ 'GET /api/v1/seminar-courses': () => [aCourseCard({ kind: 'seminar', slug: 'oa-store-use-seminar' })] });
    render('/line-official-account/courses/oa-store-use-seminar', aUser());
    await screen.findByRole('heading', { level: 1 });
    await waitFor(() => expect(visits(fetchMock)).toEqual(['PUT /api/v1/seminar-courses/oa-store-use-seminar/mark-as-visited']));
    // The seminar endpoint is asked straight away: no learning-course 404 on a seminar page.
    expect(requestsOf(fetchMock).filter((request) => request.includes('/learning-courses/'))).toEqual([]);
  });

  it.each([
    ['a visitor', null, () => screen.findAllByRole('link', { name: 'ログイン' })],
    ['a learner who has not accepted the agreements', aUser({ hasAcceptedAgreements: false }), () => screen.findByRole('alertdialog')],
  ])('records no visit for %s', async (_, me, sessionSettled) => {
    const fetchMock = fakeCatalogueApi();
    render(coursePath, me);
    await screen.findByRole('heading', { level: 1 });
    // The session check has finished (what it shows is up): a visit would have been recorded in that same commit.
    await sessionSettled();
    await act(() => Promise.resolve());
    expect(visits(fetchMock)).toEqual([]);
  });

  it('asks a visitor to log in for a course for logged-in learners only', async () => {
    fakeCatalogueApi({
      'GET /api/v1/learning-courses/*': () => apiErrorResponse(403, 'FORBIDDEN', 'このコースはログインした方だけがご覧いただけます'),
    });
    render('/line-official-account/courses/members-only');
    expect(await screen.findByRole('alertdialog', { name: 'ログインしてください' })).toBeInTheDocument();
  });

  it('shows the 404 page for a course of another service', async () => {
    fakeCatalogueApi();
    render('/yahoo-ads/courses/oa-grow-friends');
    expect(await screen.findByRole('heading', { name: 'お探しのページはみつかりませんでした。' })).toBeInTheDocument();
  });

  it('shows a video course without a heart, and records no visit', async () => {
    const fetchMock = fakeCatalogueApi({
      'GET /api/v1/video-courses/*': () => aCourseDetail({ kind: 'video', program: 'Y_ADS', slug: 'search-ads-quick-start', title: '検索広告クイックスタート' }),
    });
    render('/learn-with-video/yahoo-ads/courses/search-ads-quick-start', aUser());

    expect(await screen.findByRole('heading', { level: 1, name: '検索広告クイックスタート' })).toBeInTheDocument();
    const breadcrumb = screen.getByRole('navigation', { name: 'パンくずリスト' });
    expect(within(breadcrumb).getByRole('link', { name: '動画で学ぶ Yahoo!広告' }).getAttribute('href')).toBe('/learn-with-video/yahoo-ads');
    expect(screen.queryByTestId('favorite')).toBeNull();
    expect(screen.getByTestId('share')).toBeInTheDocument();
    expect(visits(fetchMock)).toEqual([]);
  });
});

describe('the video landing page', () => {
  it("lists the program's video courses", async () => {
    const fetchMock = fakeCatalogueApi({
      'GET /api/v1/video-courses': () => [aCourseCard({ kind: 'video', slug: 'v1', title: '動画その1', path: '/learn-with-video/line-official-account/courses/v1' })],
    });
    render('/learn-with-video/line-official-account');

    expect(await screen.findByRole('heading', { level: 1, name: '動画で学ぶ LINE公式アカウント' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '動画その1' }).getAttribute('href')).toBe('/learn-with-video/line-official-account/courses/v1');
    expect(requestsOf(fetchMock)).toContain('GET /api/v1/video-courses?program=OA');
  });

  it('says so when the program has no video course yet', async () => {
    fakeCatalogueApi();
    render('/learn-with-video/yahoo-ads');
    expect(await screen.findByText('公開中の動画コースはまだありません。')).toBeInTheDocument();
  });
});
