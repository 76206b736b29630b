import type { CertificationCourseCard } from '@campus/contracts/catalogue';
import type { MyProfile } from '@campus/contracts/current-user';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { RouteObject } from 'react-router-dom';
import { closeAllPopups, popupActor } from '../../components/ui/popup/popups';
import { fakeSession } from '../../test/fake-session';
import { aProfileToRegister, aUser } from '../../test/fixtures';
import { renderWithRouter } from '../../test/render-with-router';
import { GuardedOutlet } from '../route-guards/guarded-outlet';
import { AppShell } from '../shell/app-shell';
import { ProfileEditPage, ProfilePage } from './mypage-pages';

const POLICY = '/lineyahoo-marketing-skill-badge/courses/line-ads-basic/exam-policy';

const routes: RouteObject[] = [
  {
    element: <AppShell />,
    children: [
      {
        element: <GuardedOutlet guards={['login']} />,
        children: [
          { path: '/mypage/profile', Component: ProfilePage },
          { path: '/mypage/profile/edit', Component: ProfileEditPage },
        ],
      },
      { path: POLICY, element: <h1>受験上の注意</h1> },
    ],
  },
];

const noProfile = aProfileToRegister();

const registered: MyProfile = {
  hasProfile: true,
  lastName: '山田',
  firstName: '太郎',
  lastNameKana: 'ヤマダ',
  firstNameKana: 'タロウ',
  email: 'taro@example.com',
  iconUrl: null,
  printedName: '山田 太郎',
};

const badgeCard = (overrides: Partial<CertificationCourseCard>) => ({ slug: 'line-ads-basic', label: 'LINE広告 Basic', badgeStatus: 'unavailable', badgeExpiresAt: null, ...overrides });

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

function fakeApi(handlers: Record<string, (body: unknown) => Response>) {
  const calls: { method: string; path: string; body: unknown }[] = [];
  jest.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = new URL(String(input), 'http://localhost');
    const method = init?.method ?? 'GET';
    const body = init?.body ? JSON.parse(String(init.body)) : undefined;
    calls.push({ method, path: url.pathname, body });
    const handler = handlers[`${method} ${url.pathname}`];
    if (!handler) throw new Error(`unexpected call ${method} ${url.pathname}`);
    return handler(body);
  });
  return calls;
}

afterEach(async () => {
  jest.restoreAllMocks();
  closeAllPopups();
  await waitFor(() => expect(popupActor.getSnapshot().value).toBe('closed'));
});

describe('ProfilePage', () => {
  it('shows the profile, the name certificates print and the badges with their expiry', async () => {
    fakeApi({
      'GET /api/v1/me/profile': () => json(registered),
      'GET /api/v1/certification-courses/': () =>
        json([
          badgeCard({ badgeStatus: 'available', badgeExpiresAt: '2099-11-22T15:30:00.000Z' }),
          badgeCard({ slug: 'line-ads-advanced', label: 'LINE広告 Advanced', badgeStatus: 'expired', badgeExpiresAt: '2026-01-05T00:00:00.000Z' }),
          badgeCard({ slug: 'yahoo-ads-searchads-basic', label: '検索広告 Basic' }),
        ]),
    });
    renderWithRouter(routes, { at: '/mypage/profile', session: fakeSession({ me: aUser() }) });

    const facts = await screen.findByText('認定証に印字されるお名前');
    expect(facts.nextElementSibling?.textContent).toBe('山田 太郎');
    expect(screen.getByText('ヤマダ タロウ')).toBeInTheDocument();
    expect(screen.getByText('taro@example.com')).toBeInTheDocument();
    const shelf = (name: string) => within(screen.getByRole('list', { name })).getAllByRole('listitem').map((badge) => badge.textContent);
    // 15:30 UTC is already the next day in Tokyo.
    expect(shelf('有効なバッジ')).toEqual(['LINE広告 Basic有効有効期限 2099年11月23日']);
    expect(shelf('期限切れのバッジ')).toEqual(['期限切れLINE広告 Advanced期限切れ有効期限 2026年1月5日']);
    expect(screen.getByRole('img', { name: 'LINE広告 Basic スキルバッジ' }).getAttribute('src')).toBe('/badges/line-ads-basic.svg');
    expect(screen.getByRole('link', { name: '編集する' }).getAttribute('href')).toBe('/mypage/profile/edit');
    expect(screen.getByRole('link', { name: '認定証' }).getAttribute('href')).toBe('/mypage/certificates');
    await waitFor(() => expect(document.title).toBe('プロフィール - マーケティング学習キャンパス'));
  });

  it('invites a learner without a profile to register one', async () => {
    fakeApi({ 'GET /api/v1/me/profile': () => json(noProfile), 'GET /api/v1/certification-courses/': () => json([]) });
    renderWithRouter(routes, { at: '/mypage/profile', session: fakeSession({ me: aUser({ hasProfile: false }) }) });

    expect(await screen.findByText('プロフィールはまだ登録されていません。')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '登録する' }).getAttribute('href')).toBe('/mypage/profile/edit');
  });

  it('offers a retry when the profile cannot be read', async () => {
    let answers = 0;
    fakeApi({
      'GET /api/v1/me/profile': () => (++answers === 1 ? json({ message: '内部エラー', status: 500, code: 'INTERNAL' }, 500) : json(registered)),
      'GET /api/v1/certification-courses/': () => json([]),
    });
    renderWithRouter(routes, { at: '/mypage/profile', session: fakeSession({ me: aUser() }) });

    fireEvent.click(await screen.findByRole('button', { name: '再読み込み' }));
    expect(await screen.findByText('まだスキルバッジはありません。', { exact: false })).toBeInTheDocument();
  });
});

describe('ProfileEditPage', () => {
  const labelled = (name: string) => screen.getByRole('textbox', { name: new RegExp(`^${name}`) });

  it('registers the profile, updates the session at once and returns to the page that asked', async () => {
    const calls = fakeApi({
      'GET /api/v1/me/profile': () => json(noProfile),
      'PUT /api/v1/me': () => json(aUser({ lastName: '新規', firstName: 'さくら', hasProfile: true })),
    });
    const session = fakeSession({ me: aUser({ lastName: '新規', firstName: 'さくら', hasProfile: false }) });
    const { router } = renderWithRouter(routes, { at: `/mypage/profile/edit?returnTo=${encodeURIComponent(POLICY)}`, session });

    expect(await screen.findByRole('heading', { level: 1, name: 'プロフィールの登録' })).toBeInTheDocument();
    expect((labelled('姓') as HTMLInputElement).value).toBe('新規');
    expect(labelled('姓').getAttribute('aria-required')).toBe('true');
    fireEvent.change(labelled('セイ'), { target: { value: 'シンキ' } });
    fireEvent.change(labelled('メイ'), { target: { value: 'サクラ' } });
    fireEvent.click(screen.getByRole('button', { name: '保存する' }));

    await waitFor(() => expect(router.state.location.pathname).toBe(POLICY));
    expect(calls.filter((call) => call.method === 'PUT')).toEqual([
      {
        method: 'PUT',
        path: '/api/v1/me',
        body: { lastName: '新規', firstName: 'さくら', lastNameKana: 'シンキ', firstNameKana: 'サクラ', email: 'learner-new@example.com' },
      },
    ]);
    expect(await screen.findByText('プロフィールを保存しました。')).toBeInTheDocument();
  });

  it('names the wrong fields in Japanese without calling the server, and focuses the first', async () => {
    const calls = fakeApi({ 'GET /api/v1/me/profile': () => json(noProfile) });
    renderWithRouter(routes, { at: '/mypage/profile/edit', session: fakeSession({ me: aUser({ hasProfile: false }) }) });

    await screen.findByRole('heading', { level: 1, name: 'プロフィールの登録' });
    fireEvent.change(labelled('セイ'), { target: { value: 'しんき' } });
    fireEvent.click(screen.getByRole('button', { name: '保存する' }));

    await waitFor(() => expect(document.activeElement).toBe(labelled('セイ')));
    expect(labelled('セイ').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('全角カタカナで入力してください')).toBeInTheDocument();
    expect(screen.getByText('入力してください')).toBeInTheDocument();
    expect(calls.some((call) => call.method === 'PUT')).toBe(false);
  });

  it("shows the server's refusal of an unprintable name on that field, keeping what was typed", async () => {
    fakeApi({
      'GET /api/v1/me/profile': () => json(registered),
      'PUT /api/v1/me': () =>
        json({ message: 'firstName: 証明書に印字できない文字が含まれています（「☺」）。別の字体や表記でご入力ください', status: 400, code: 'VALIDATION_FAILED', field: 'firstName' }, 400),
      // The live check is not what this test is about: it finds nothing.
      'POST /api/v1/check-is-printable-name': () => json({ value: true, unprintableCharacters: [] }),
    });
    const { router } = renderWithRouter(routes, { at: '/mypage/profile/edit', session: fakeSession({ me: aUser() }) });

    await screen.findByRole('heading', { level: 1, name: 'プロフィールの編集' });
    fireEvent.change(labelled('名'), { target: { value: '太郎☺' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: '保存する' }));
    });

    expect(await screen.findByText('証明書に印字できない文字が含まれています（「☺」）。別の字体や表記でご入力ください')).toBeInTheDocument();
    expect((labelled('名') as HTMLInputElement).value).toBe('太郎☺');
    expect(router.state.location.pathname).toBe('/mypage/profile/edit');
  });
});
