import { ADMIN_CONSOLE_URLS, HELP_MANUAL_URL } from './external-links';
import { ADMIN_CONSOLE_ITEM, headerMenu, USER_MENU, userMenuOf, type MenuItem } from './header-menu';

const nothing = { hasUnreadNotifications: false, hasUnreadAnnouncements: false };

const links = (items: readonly MenuItem[]): string[] =>
  items.flatMap((item) => [...(item.to ?? item.href ? [item.to ?? item.href ?? ''] : []), ...links(item.children ?? [])]);

const keys = (items: readonly MenuItem[]): string[] =>
  items.flatMap((item) => [item.eventKey, ...keys(item.children ?? [])]);

describe('header menu data', () => {
  it('has the spec §2 top-level items in order', () => {
    expect(headerMenu(nothing).map((item) => item.text)).toEqual(['学ぶ', '認定を取得する', 'お知らせ', 'ヘルプ', '管理画面']);
  });

  it('links every spec §2 destination', () => {
    expect(links(headerMenu(nothing))).toEqual([
      '/learn-with-video/line-official-account',
      '/learn-with-video/yahoo-ads',
      '/line-official-account',
      '/line-ads',
      '/yahoo-ads',
      '/lineyahoo-marketing-skill-badge',
      '/notifications/general/',
      HELP_MANUAL_URL,
      ADMIN_CONSOLE_URLS.lineOfficialAccount,
      ADMIN_CONSOLE_URLS.lineAds,
      ADMIN_CONSOLE_URLS.yahooAds,
    ]);
  });

  it('gives every item a distinct event key', () => {
    const all = [...keys(headerMenu(nothing)), ...keys(userMenuOf({ role: 'admin' }))];
    expect(new Set(all).size).toBe(all.length);
  });

  it('the external links are absolute https addresses', () => {
    for (const url of [HELP_MANUAL_URL, ...Object.values(ADMIN_CONSOLE_URLS)]) expect(url).toMatch(/^https:\/\//);
  });

  it('the notices item follows the flags', () => {
    const notices = (flags: typeof nothing) => headerMenu(flags).find((item) => item.eventKey === 'notices');
    expect(notices(nothing)).toEqual({ eventKey: 'notices', text: 'お知らせ', to: '/notifications/general/' });
    expect(notices({ hasUnreadNotifications: true, hasUnreadAnnouncements: false })).toMatchObject({
      to: '/notifications/personal/',
      badgeText: 'New',
    });
    expect(notices({ hasUnreadNotifications: true, hasUnreadAnnouncements: true })).toMatchObject({
      to: '/notifications/general/',
      badgeText: 'New',
    });
  });

  it('the user menu holds profile, history, wish list and certificates', () => {
    expect(USER_MENU.map((item) => [item.text, item.to])).toEqual([
      ['プロフィール', '/mypage/profile'],
      ['受講履歴', '/mypage/history'],
      ['受講したいリスト', '/mypage/wishlist'],
      ['認定証', '/mypage/certificates'],
    ]);
  });

  it('only admins get 運営コンソール (→ /admin), after the learner items', () => {
    expect(userMenuOf({ role: 'learner' })).toEqual(USER_MENU);
    expect(userMenuOf({ role: 'admin' }).map((item) => [item.text, item.to])).toEqual([
      ...USER_MENU.map((item) => [item.text, item.to]),
      ['運営コンソール', '/admin'],
    ]);
    expect(USER_MENU).not.toContain(ADMIN_CONSOLE_ITEM);
  });
});
