import { screen, waitFor, within } from '@testing-library/react';
import { CERTIFICATION_SLUGS } from '@campus/contracts/catalogue-slugs';
import { aCertificationCourse } from '../../test/catalogue-fixtures';
import { fakeCatalogueApi, requestsOf } from '../../test/fake-catalogue-api';
import { fakeSession, type FakeSessionOptions } from '../../test/fake-session';
import { aUser } from '../../test/fixtures';
import { renderWithRouter } from '../../test/render-with-router';
import { routes } from '../router';

jest.mock('../../components/favorite-toggle/favorite-toggle', () => ({
  FavoriteToggle: (props: object) => <button type="button" data-testid="favorite" data-props={JSON.stringify(props)} />,
}));
jest.mock('../../components/share/share-button', () => ({
  ShareButton: () => <button type="button" data-testid="share" />,
}));

const BADGE = '/lineyahoo-marketing-skill-badge';

const render = (at: string, me: FakeSessionOptions['me'] = null) => renderWithRouter(routes, { at, session: fakeSession({ me }) });

describe('the skill badge landing page', () => {
  it('lists the eight certification courses by service, with badge status, exam settings and links', async () => {
    fakeCatalogueApi({
      'GET /api/v1/certification-courses': () =>
        CERTIFICATION_SLUGS.map((slug) => {
          if (slug === 'line-ads-basic') return aCertificationCourse(slug, { badgeStatus: 'available', badgeExpiresAt: '2027-03-31T15:30:00.000Z' });
          if (slug === 'yahoo-ads-searchads-basic') return aCertificationCourse(slug, { badgeStatus: 'expired', badgeExpiresAt: '2026-01-10T03:00:00.000Z' });
          return aCertificationCourse(slug);
        }),
    });
    render(BADGE, aUser());

    expect(await screen.findByRole('heading', { level: 1, name: 'マーケティングスキルバッジ' })).toBeInTheDocument();
    const groups = ['LINE公式アカウント', 'LINE広告', 'Yahoo!広告'].map((name) => screen.getByRole('region', { name }));
    expect(groups.map((group) => within(group).getAllByRole('article').length)).toEqual([2, 2, 4]);

    const lineAdsBasic = screen.getByRole('article', { name: 'LINE広告 Basic' });
    expect(within(lineAdsBasic).getByText('取得済み')).toBeInTheDocument();
    // Each course shows its badge artwork, in the state the learner holds it.
    expect(within(lineAdsBasic).getByRole('img', { name: 'LINE広告 Basic スキルバッジ' })).toHaveAttribute('src', '/badges/line-ads-basic.svg');
    expect(screen.getByRole('img', { name: 'Yahoo!広告 検索広告 Basic スキルバッジ（期限切れ）' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'LINE広告 Advanced スキルバッジ（未取得）' })).toBeInTheDocument();
    expect(screen.getAllByRole('img', { name: /スキルバッジ/ })).toHaveLength(8);
    // 15:30 UTC on 31 March is 1 April in Japan.
    expect(within(lineAdsBasic).getByText('有効期限：2027年4月1日まで')).toBeInTheDocument();
    expect(within(lineAdsBasic).getByText('20問')).toBeInTheDocument();
    expect(within(lineAdsBasic).getByText('30分')).toBeInTheDocument();
    expect(within(lineAdsBasic).getByText('正答率70%以上')).toBeInTheDocument();
    expect(within(lineAdsBasic).getByRole('link', { name: 'LINE広告 Basicのコースを見る' }).getAttribute('href')).toBe(`${BADGE}/courses/line-ads-basic`);

    const expired = screen.getByRole('article', { name: 'Yahoo!広告 検索広告 Basic' });
    expect(within(expired).getByText('有効期限切れ')).toBeInTheDocument();
    expect(within(expired).getByText('2026年1月10日に有効期限が切れました')).toBeInTheDocument();

    expect(within(screen.getByRole('article', { name: 'LINE広告 Advanced' })).getByText('未取得')).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('マーケティングスキルバッジ - マーケティング学習キャンパス'));
  });
});

describe('the certification course page', () => {
  it('shows an Advanced course with its badge, exam, lessons, the way to Basic and to the exam', async () => {
    const fetchMock = fakeCatalogueApi();
    render(`${BADGE}/courses/line-ads-advanced`, aUser());

    expect(await screen.findByRole('heading', { level: 1, name: 'LINE広告 Advanced' })).toBeInTheDocument();
    const panel = screen.getByRole('region', { name: 'スキルバッジと認定試験' });
    expect(within(panel).getByText('未取得')).toBeInTheDocument();
    expect(within(panel).getByRole('img', { name: 'LINE広告 Advanced スキルバッジ（未取得）' }).closest('.skill-badge')).toHaveClass('skill-badge--locked');
    expect(within(panel).getByText('20問')).toBeInTheDocument();
    expect(within(panel).getByRole('link', { name: 'Basicコースを見る' }).getAttribute('href')).toBe(`${BADGE}/courses/line-ads-basic/`);
    expect(within(panel).getByRole('link', { name: '受験する' }).getAttribute('href')).toBe(`${BADGE}/courses/line-ads-advanced/exam-policy`);

    expect(within(screen.getByRole('list', { name: 'レッスン一覧' })).getAllByRole('link')[0]!.getAttribute('href')).toBe(
      `${BADGE}/courses/line-ads-advanced/lessons/open-account`,
    );
    expect(JSON.parse(screen.getByTestId('favorite').getAttribute('data-props')!)).toMatchObject({ kind: 'certification', slug: 'line-ads-advanced' });
    await waitFor(() =>
      expect(requestsOf(fetchMock).filter((request) => request.startsWith('PUT'))).toEqual([
        'PUT /api/v1/certification-courses/line-ads-advanced/mark-as-visited',
      ]),
    );
  });

  it("says 受験中 with 続きから受験する, to the exam page, while the learner's exam of the course runs", async () => {
    fakeCatalogueApi({
      'GET /api/v1/certification-courses/*': () =>
        aCertificationCourse('line-ads-basic', { runningExam: { examSessionId: 'session-1', deadline: '2026-11-22T02:30:00.000Z' } }),
    });
    render(`${BADGE}/courses/line-ads-basic`, aUser());
    const panel = await screen.findByRole('region', { name: 'スキルバッジと認定試験' });
    expect(within(panel).getByText('受験中')).toBeInTheDocument();
    expect(panel.textContent).toContain('終了時刻（2026年11月22日 11:30）まで');
    expect(within(panel).getByRole('link', { name: '続きから受験する' }).getAttribute('href')).toBe(`${BADGE}/courses/line-ads-basic/exam`);
    expect(within(panel).queryByRole('link', { name: '受験する' })).toBeNull();
  });

  it('after a failed attempt, says when the next one opens and offers no exam until then', async () => {
    fakeCatalogueApi({ 'GET /api/v1/certification-courses/*': () => aCertificationCourse('line-ads-basic', { retakeOpensAt: '2026-11-29T03:46:00.000Z' }) });
    render(`${BADGE}/courses/line-ads-basic`, aUser());
    const panel = await screen.findByRole('region', { name: 'スキルバッジと認定試験' });
    expect(within(panel).getByText('前回の試験は不合格でした。次回の受験は 2026年11月29日 12:46 から可能です。')).toBeInTheDocument();
    expect(within(panel).queryByRole('link', { name: '受験する' })).toBeNull();
    expect(within(panel).queryByRole('link', { name: '更新受験' })).toBeNull();
  });

  it("offers nothing while the learner's last attempt is over and being graded, and links its result", async () => {
    fakeCatalogueApi({ 'GET /api/v1/certification-courses/*': () => aCertificationCourse('line-ads-basic', { examGrading: true }) });
    render(`${BADGE}/courses/line-ads-basic`, aUser());
    const panel = await screen.findByRole('region', { name: 'スキルバッジと認定試験' });
    expect(within(panel).getByRole('status')).toHaveTextContent('いま採点しています。結果が出てから次の受験ができます。');
    expect(within(panel).getByRole('link', { name: '試験結果を見る' })).toHaveAttribute('href', `${BADGE}/courses/line-ads-basic/exam-result`);
    expect(within(panel).queryByRole('link', { name: '受験する' })).toBeNull();
    expect(within(panel).queryByRole('link', { name: '続きから受験する' })).toBeNull();
  });

  it('has no way to a Basic course on a Basic course', async () => {
    fakeCatalogueApi();
    render(`${BADGE}/courses/yahoo-ads-displayads-basic`);
    expect(await screen.findByRole('link', { name: '受験する' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Basicコースを見る' })).toBeNull();
  });

  describe('a held badge: 更新受験 only in its renewal window', () => {
    const panelOf = async (overrides: Parameters<typeof aCertificationCourse>[1]) => {
      fakeCatalogueApi({ 'GET /api/v1/certification-courses/*': () => aCertificationCourse('line-ads-basic', overrides) });
      render(`${BADGE}/courses/line-ads-basic`, aUser());
      return screen.findByRole('region', { name: 'スキルバッジと認定試験' });
    };

    it('offers no exam before the window, and says from when 更新受験 opens', async () => {
      const panel = await panelOf({ badgeStatus: 'available', badgeExpiresAt: '2027-11-30T03:00:00.000Z', examOffer: 'held', renewalOpensAt: '2027-10-31T03:00:00.000Z' });
      expect(within(panel).getByText('取得済み')).toBeInTheDocument();
      expect(within(panel).getByText('スキルバッジを取得済みです。更新受験は2027年10月31日から受けられます。')).toBeInTheDocument();
      expect(within(panel).queryByRole('link', { name: '受験する' })).toBeNull();
      expect(within(panel).queryByRole('link', { name: '更新受験' })).toBeNull();
    });

    it('offers 更新受験 (to the exam policy) within 30 days of the expiry', async () => {
      const panel = await panelOf({ badgeStatus: 'available', badgeExpiresAt: '2026-12-10T03:00:00.000Z', examOffer: 'renew', renewalOpensAt: '2026-11-10T03:00:00.000Z' });
      expect(within(panel).getByText('有効期限が近づいています。更新受験に合格すると、有効期限が延長され、新しい認定証が発行されます。')).toBeInTheDocument();
      expect(within(panel).getByRole('link', { name: '更新受験' }).getAttribute('href')).toBe(`${BADGE}/courses/line-ads-basic/exam-policy`);
      expect(within(panel).queryByRole('link', { name: '受験する' })).toBeNull();
    });

    it('offers 更新受験 after the badge expired', async () => {
      const panel = await panelOf({ badgeStatus: 'expired', badgeExpiresAt: '2026-01-10T03:00:00.000Z', examOffer: 'renew', renewalOpensAt: '2025-12-11T03:00:00.000Z' });
      expect(within(panel).getByText('有効期限切れ')).toBeInTheDocument();
      expect(within(panel).getByText('有効期限が切れています。更新受験に合格すると、スキルバッジと新しい認定証が発行されます。')).toBeInTheDocument();
      expect(within(panel).getByRole('link', { name: '更新受験' })).toBeInTheDocument();
    });

    it('still offers 続きから受験する while a renewal exam runs', async () => {
      const panel = await panelOf({
        badgeStatus: 'available',
        examOffer: 'renew',
        renewalOpensAt: '2026-11-10T03:00:00.000Z',
        runningExam: { examSessionId: 'session-1', deadline: '2026-11-22T02:30:00.000Z' },
      });
      expect(within(panel).getByRole('link', { name: '続きから受験する' })).toBeInTheDocument();
      expect(within(panel).queryByRole('link', { name: '更新受験' })).toBeNull();
    });
  });
});
