import { screen, waitFor, within } from '@testing-library/react';
import { CERTIFICATION_SLUGS } from '@campus/contracts/catalogue-slugs';
import { aCertificationCourse } from '../../test/catalogue-fixtures';
import { fakeCatalogueApi } from '../../test/fake-catalogue-api';
import { fakeSession } from '../../test/fake-session';
import { aUser } from '../../test/fixtures';
import { renderWithRouter } from '../../test/render-with-router';
import { routes } from '../router';

describe('the LINE Green Badge page', () => {
  it("lists the LINE services' certification courses only, with the learner's badges, and leads to every badge", async () => {
    fakeCatalogueApi({
      'GET /api/v1/certification-courses': () =>
        CERTIFICATION_SLUGS.map((slug) => aCertificationCourse(slug, slug === 'line-official-account-basic' ? { badgeStatus: 'available', badgeExpiresAt: '2027-03-31T15:30:00.000Z' } : {})),
    });
    renderWithRouter(routes, { at: '/line-green-badge', session: fakeSession({ me: aUser() }) });

    expect(await screen.findByRole('heading', { level: 1, name: 'LINE Green Badge' })).toBeInTheDocument();
    const groups = ['LINE公式アカウント', 'LINE広告'].map((name) => screen.getByRole('region', { name }));
    expect(groups.map((group) => within(group).getAllByRole('article').length)).toEqual([2, 2]);
    expect(screen.queryByRole('region', { name: 'Yahoo!広告' })).toBeNull();
    expect(screen.queryByText(/準備中/)).toBeNull();
    expect(within(screen.getByRole('article', { name: 'LINE公式アカウント Basic' })).getByText('取得済み')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /すべてのスキルバッジ/ }).getAttribute('href')).toBe('/lineyahoo-marketing-skill-badge');
    await waitFor(() => expect(document.title).toBe('LINE Green Badge - マーケティング学習キャンパス'));
  });

  it('says so when no LINE certification course is published', async () => {
    fakeCatalogueApi({ 'GET /api/v1/certification-courses': () => [aCertificationCourse('yahoo-ads-searchads-basic')] });
    renderWithRouter(routes, { at: '/line-green-badge', session: fakeSession({ me: null }) });
    expect(await screen.findByText('公開中の認定コースはまだありません。')).toBeInTheDocument();
  });
});
