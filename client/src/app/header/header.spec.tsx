import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { fakeSession } from '../../test/fake-session';
import { aUser } from '../../test/fixtures';
import { SITE_NAME } from '../../lib/site';
import { ADMIN_CONSOLE_URLS, HELP_MANUAL_URL } from './external-links';
import { NOTHING_UNREAD, recordAnalytics, renderReadyHeader, setViewport } from './test/render-header';

const original = { width: window.innerWidth, height: window.innerHeight };
let analytics: ReturnType<typeof recordAnalytics>;

beforeEach(() => {
  setViewport(1280, 800);
  analytics = recordAnalytics();
});

afterEach(() => {
  analytics.restore();
  setViewport(original.width, original.height);
  jest.useRealTimers();
});

const loggedOut = () => fakeSession({ me: null });
const loggedIn = (overrides: Parameters<typeof aUser>[0] = {}) => fakeSession({ me: aUser(overrides) });

const nav = () => screen.getByRole('navigation', { name: 'メインメニュー' });
const learnButton = () => within(nav()).getByRole('button', { name: '学ぶ' });
const videoLink = () => screen.queryByRole('group', { name: '動画で学ぶ' });

/** Keeps jsdom from attempting a real navigation for plain links, after React has seen the click. */
function stopDocumentNavigation() {
  const seen: boolean[] = [];
  const listener = (event: Event) => {
    seen.push(event.defaultPrevented);
    event.preventDefault();
  };
  document.addEventListener('click', listener);
  return { prevented: () => seen, stop: () => document.removeEventListener('click', listener) };
}

describe('Header (desktop)', () => {
  it('shows the logo and the spec §2 navigation', async () => {
    await renderReadyHeader({ session: loggedOut() });
    await screen.findByRole('link', { name: 'ログイン' });

    expect(screen.getByRole('banner').className).toBe('site-header');
    expect(screen.getByRole('link', { name: SITE_NAME }).getAttribute('href')).toBe('/');
    expect(within(nav()).getByRole('link', { name: '認定を取得する' }).getAttribute('href')).toBe(
      '/lineyahoo-marketing-skill-badge',
    );
    expect(within(nav()).getByRole('link', { name: 'お知らせ' }).getAttribute('href')).toBe('/notifications/general/');

    const help = within(nav()).getByRole('link', { name: 'ヘルプ（外部サイト）（新しいタブで開きます）' });
    expect(help.getAttribute('href')).toBe(HELP_MANUAL_URL);
    expect(help.getAttribute('target')).toBe('_blank');
    expect(help.getAttribute('rel')).toBe('noopener noreferrer');
    // The external-link mark is a drawn icon with a name, not a bare corner of borders.
    expect(within(help).getByRole('img', { name: '（外部サイト）' }).tagName.toLowerCase()).toBe('svg');

    for (const name of ['学ぶ', '管理画面']) {
      const trigger = within(nav()).getByRole('button', { name });
      expect(trigger.getAttribute('aria-expanded')).toBe('false');
      expect(trigger.getAttribute('aria-haspopup')).toBe('true');
      const panel = document.getElementById(trigger.getAttribute('aria-controls') ?? '');
      expect(panel?.hidden).toBe(true);
    }
    expect(screen.queryByRole('button', { name: 'メニュー' })).toBeNull();
  });

  it('opens 学ぶ with its two groups of links', async () => {
    await renderReadyHeader({ session: loggedOut() });
    fireEvent.click(learnButton());
    expect(learnButton().getAttribute('aria-expanded')).toBe('true');

    const video = screen.getByRole('group', { name: '動画で学ぶ' });
    const courses = screen.getByRole('group', { name: 'コースで学ぶ' });
    const hrefs = (group: HTMLElement) =>
      within(group)
        .getAllByRole('link')
        .map((link) => [link.textContent, link.getAttribute('href')]);
    expect(hrefs(video)).toEqual([
      ['LINE公式アカウント', '/learn-with-video/line-official-account'],
      ['Yahoo!広告', '/learn-with-video/yahoo-ads'],
    ]);
    expect(hrefs(courses)).toEqual([
      ['LINE公式アカウント', '/line-official-account'],
      ['LINE広告', '/line-ads'],
      ['Yahoo!広告', '/yahoo-ads'],
    ]);
    expect(analytics.event).toHaveBeenCalledWith('header_navigation', { key: 'learn' });
  });

  it('opens 管理画面 with the three admin consoles in new tabs', async () => {
    await renderReadyHeader({ session: loggedOut() });
    const trigger = within(nav()).getByRole('button', { name: '管理画面' });
    fireEvent.click(trigger);
    const panel = document.getElementById(trigger.getAttribute('aria-controls') ?? '')!;
    const links = within(panel).getAllByRole('link');
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      ADMIN_CONSOLE_URLS.lineOfficialAccount,
      ADMIN_CONSOLE_URLS.lineAds,
      ADMIN_CONSOLE_URLS.yahooAds,
    ]);
    for (const link of links) {
      expect(link.getAttribute('target')).toBe('_blank');
      expect(link.getAttribute('rel')).toBe('noopener noreferrer');
    }
    expect(links.map((link) => link.getAttribute('aria-label'))).toEqual([
      'LINE公式アカウント（外部サイト）（新しいタブで開きます）',
      'LINE広告（外部サイト）（新しいタブで開きます）',
      'Yahoo!広告（外部サイト）（新しいタブで開きます）',
    ]);
  });

  it('opens a submenu on hover and closes it 1000 ms after the pointer leaves, not at 999 ms', async () => {
    jest.useFakeTimers();
    await renderReadyHeader({ session: loggedOut() });
    const item = learnButton().parentElement!;

    fireEvent.mouseEnter(item);
    expect(learnButton().getAttribute('aria-expanded')).toBe('true');
    expect(videoLink()).not.toBeNull();

    fireEvent.mouseLeave(item);
    act(() => jest.advanceTimersByTime(999));
    expect(learnButton().getAttribute('aria-expanded')).toBe('true');
    expect(videoLink()).not.toBeNull();
    act(() => jest.advanceTimersByTime(1));
    expect(learnButton().getAttribute('aria-expanded')).toBe('false');
    expect(videoLink()).toBeNull();
  });

  it('re-entering before the delay cancels the close', async () => {
    jest.useFakeTimers();
    await renderReadyHeader({ session: loggedOut() });
    const item = learnButton().parentElement!;

    fireEvent.mouseEnter(item);
    fireEvent.mouseLeave(item);
    act(() => jest.advanceTimersByTime(600));
    fireEvent.mouseEnter(item);
    act(() => jest.advanceTimersByTime(3000));
    expect(learnButton().getAttribute('aria-expanded')).toBe('true');

    fireEvent.mouseLeave(item);
    act(() => jest.advanceTimersByTime(1000));
    expect(learnButton().getAttribute('aria-expanded')).toBe('false');
  });

  it('a click on a hover-opened submenu keeps it open', async () => {
    await renderReadyHeader({ session: loggedOut() });
    fireEvent.mouseEnter(learnButton().parentElement!);
    fireEvent.click(learnButton());
    expect(learnButton().getAttribute('aria-expanded')).toBe('true');
    fireEvent.click(learnButton());
    expect(learnButton().getAttribute('aria-expanded')).toBe('false');
  });

  it('closes on route change', async () => {
    const { router } = await renderReadyHeader({ session: loggedOut() });
    fireEvent.click(learnButton());
    expect(videoLink()).not.toBeNull();

    await act(() => router.navigate('/yahoo-ads'));
    expect(learnButton().getAttribute('aria-expanded')).toBe('false');
    expect(videoLink()).toBeNull();
  });

  it('follows a submenu link: tracks it, navigates and closes', async () => {
    const { router } = await renderReadyHeader({ session: loggedOut() });
    fireEvent.click(learnButton());
    const group = screen.getByRole('group', { name: 'コースで学ぶ' });
    fireEvent.click(within(group).getByRole('link', { name: 'LINE広告' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/line-ads'));
    expect(analytics.event).toHaveBeenCalledWith('header_navigation', { key: 'learn_course_line_ads' });
    expect(learnButton().getAttribute('aria-expanded')).toBe('false');
  });

  it('tracks top-level links with their event key', async () => {
    const { router } = await renderReadyHeader({ session: loggedOut() });
    fireEvent.click(within(nav()).getByRole('link', { name: '認定を取得する' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/lineyahoo-marketing-skill-badge'));
    expect(analytics.event).toHaveBeenCalledWith('header_navigation', { key: 'certification' });
  });

  it('is keyboard operable: ArrowDown opens and focuses the first link, arrows move, Escape closes back to the trigger', async () => {
    await renderReadyHeader({ session: loggedOut() });
    const trigger = learnButton();
    trigger.focus();

    fireEvent.keyDown(trigger, { key: 'ArrowDown' });
    expect(trigger.getAttribute('aria-expanded')).toBe('true');
    const links = within(document.getElementById(trigger.getAttribute('aria-controls')!)!).getAllByRole('link');
    await waitFor(() => expect(document.activeElement).toBe(links[0]));

    fireEvent.keyDown(document.activeElement!, { key: 'ArrowDown' });
    expect(document.activeElement).toBe(links[1]);
    fireEvent.keyDown(document.activeElement!, { key: 'End' });
    expect(document.activeElement).toBe(links.at(-1));
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowDown' });
    expect(document.activeElement).toBe(links[0]);
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowUp' });
    expect(document.activeElement).toBe(links.at(-1));

    fireEvent.keyDown(document.activeElement!, { key: 'Escape' });
    expect(trigger.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(trigger);
  });

  it('Enter or Space (the button click) toggles; Escape on the trigger closes', async () => {
    await renderReadyHeader({ session: loggedOut() });
    const trigger = learnButton();
    trigger.focus();
    fireEvent.click(trigger);
    expect(trigger.getAttribute('aria-expanded')).toBe('true');
    expect(document.activeElement).toBe(trigger);
    fireEvent.keyDown(trigger, { key: 'Escape' });
    expect(trigger.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(trigger);
  });

  it('closes when focus moves out, and when pressing outside', async () => {
    await renderReadyHeader({ session: loggedOut() });
    fireEvent.click(learnButton());
    const outside = screen.getByRole('link', { name: 'よそへ' });
    fireEvent.blur(learnButton(), { relatedTarget: outside });
    expect(learnButton().getAttribute('aria-expanded')).toBe('false');

    fireEvent.click(learnButton());
    fireEvent.pointerDown(outside);
    expect(learnButton().getAttribute('aria-expanded')).toBe('false');
  });

  it('shows one submenu at a time', async () => {
    await renderReadyHeader({ session: loggedOut() });
    const admin = within(nav()).getByRole('button', { name: '管理画面' });
    fireEvent.mouseEnter(learnButton().parentElement!);
    fireEvent.mouseLeave(learnButton().parentElement!);
    fireEvent.mouseEnter(admin.parentElement!);
    expect(admin.getAttribute('aria-expanded')).toBe('true');
    expect(learnButton().getAttribute('aria-expanded')).toBe('false');
  });
});

describe('Header notices link', () => {
  it.each([
    ['personal only', { hasUnreadNotifications: true, hasUnreadAnnouncements: false }, '/notifications/personal/'],
    ['announcements only', { hasUnreadNotifications: false, hasUnreadAnnouncements: true }, '/notifications/general/'],
    ['both', { hasUnreadNotifications: true, hasUnreadAnnouncements: true }, '/notifications/general/'],
  ])('%s unread → %s with the New badge', async (_, flags, href) => {
    await renderReadyHeader({ session: loggedIn(), flags });
    const link = await within(nav()).findByRole('link', { name: 'お知らせ New（未読あり）' });
    expect(link.getAttribute('href')).toBe(href);
    expect(link.querySelector('.badge')?.textContent).toBe('New');
  });

  it('nothing unread → the general feed, no badge', async () => {
    await renderReadyHeader({ session: loggedIn(), flags: NOTHING_UNREAD });
    await screen.findByRole('button', { name: '山田 太郎さん' });
    const link = within(nav()).getByRole('link', { name: 'お知らせ' });
    expect(link.getAttribute('href')).toBe('/notifications/general/');
    expect(link.textContent).not.toContain('New');
  });

  it('follows pushed flags live', async () => {
    const { unread } = await renderReadyHeader({ session: loggedIn(), flags: NOTHING_UNREAD });
    await screen.findByRole('button', { name: '山田 太郎さん' });
    await waitFor(() => expect(unread.fetches).toHaveBeenCalled());

    act(() => unread.push({ type: 'FLAGS_PUSHED', flags: { hasUnreadNotifications: true, hasUnreadAnnouncements: false } }));
    const link = within(nav()).getByRole('link', { name: 'お知らせ New（未読あり）' });
    expect(link.getAttribute('href')).toBe('/notifications/personal/');
  });

  it('shows no badge while logged out', async () => {
    await renderReadyHeader({ session: loggedOut(), flags: { hasUnreadNotifications: true, hasUnreadAnnouncements: true } });
    await screen.findByRole('link', { name: 'ログイン' });
    expect(within(nav()).getByRole('link', { name: 'お知らせ' }).textContent).not.toContain('New');
  });
});

describe('Header account area', () => {
  it('logged out: a ログイン link back to the current absolute URL, reporting the login event and goal', async () => {
    await renderReadyHeader({ session: loggedOut(), at: '/yahoo-ads/courses/search?page=2#lessons' });
    const link = await screen.findByRole('link', { name: 'ログイン' });
    expect(link.textContent).toBe('ログイン');
    expect(link.getAttribute('href')).toBe(
      `/api/v1/login?currentUrl=${encodeURIComponent('http://localhost/yahoo-ads/courses/search?page=2#lessons')}`,
    );
    expect(screen.queryByRole('link', { name: /マイページ/ })).toBeNull();

    const navigation = stopDocumentNavigation();
    fireEvent.click(link);
    navigation.stop();
    expect(analytics.event).toHaveBeenCalledWith('login', {});
    expect(analytics.goal).toHaveBeenCalledWith('login');
    // The header does not hold the navigation up.
    expect(navigation.prevented()).toEqual([false]);
  });

  it('logged in: the thumbnail leads to /mypage/profile, with the initial when there is no icon', async () => {
    const { router } = await renderReadyHeader({ session: loggedIn() });
    const thumbnail = await screen.findByRole('link', { name: 'マイページ（山田 太郎さん）' });
    expect(thumbnail.getAttribute('href')).toBe('/mypage/profile');
    expect(thumbnail.textContent).toBe('山');
    expect(screen.queryByRole('link', { name: 'ログイン' })).toBeNull();

    fireEvent.click(thumbnail);
    await waitFor(() => expect(router.state.location.pathname).toBe('/mypage/profile'));
    expect(analytics.event).toHaveBeenCalledWith('header_navigation', { key: 'mypage' });
  });

  it('logged in with an icon: the thumbnail shows it (decorative, the link is named)', async () => {
    await renderReadyHeader({ session: loggedIn({ iconUrl: 'https://cdn.example.com/icon.png' }) });
    const thumbnail = await screen.findByRole('link', { name: 'マイページ（山田 太郎さん）' });
    const image = thumbnail.querySelector('img');
    expect(image?.getAttribute('src')).toBe('https://cdn.example.com/icon.png');
    expect(image?.getAttribute('alt')).toBe('');
  });

  it('logged in: the user menu holds profile, history, wish list, certificates and ログアウト', async () => {
    await renderReadyHeader({ session: loggedIn() });
    const trigger = await screen.findByRole('button', { name: '山田 太郎さん' });
    expect(trigger.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('link', { name: 'プロフィール' })).toBeNull();

    fireEvent.click(trigger);
    const panel = document.getElementById(trigger.getAttribute('aria-controls')!)!;
    expect(
      within(panel)
        .getAllByRole('link')
        .map((link) => [link.textContent, link.getAttribute('href')]),
    ).toEqual([
      ['プロフィール', '/mypage/profile'],
      ['受講履歴', '/mypage/history'],
      ['受講したいリスト', '/mypage/wishlist'],
      ['認定証', '/mypage/certificates'],
    ]);
    expect(within(panel).getByRole('button', { name: 'ログアウト' }).hasAttribute('disabled')).toBe(false);
  });

  it('logged in as an admin: the user menu also leads to 運営コンソール (/admin), tracked', async () => {
    const { router } = await renderReadyHeader({ session: loggedIn({ lastName: '管理', firstName: '花子', role: 'admin' }) });
    const trigger = await screen.findByRole('button', { name: '管理 花子さん' });
    fireEvent.click(trigger);
    const panel = document.getElementById(trigger.getAttribute('aria-controls')!)!;
    expect(within(panel).getAllByRole('link').map((link) => link.textContent)).toEqual([
      'プロフィール',
      '受講履歴',
      '受講したいリスト',
      '認定証',
      '運営コンソール',
    ]);

    fireEvent.click(within(panel).getByRole('link', { name: '運営コンソール' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin'));
    expect(analytics.event).toHaveBeenCalledWith('header_navigation', { key: 'user_admin_console' });
  });

  it('logged in as a learner: no 運営コンソール anywhere in the header', async () => {
    await renderReadyHeader({ session: loggedIn() });
    fireEvent.click(await screen.findByRole('button', { name: '山田 太郎さん' }));
    expect(screen.getByRole('link', { name: '認定証' }).getAttribute('href')).toBe('/mypage/certificates');
    expect(screen.queryByRole('link', { name: '運営コンソール' })).toBeNull();
  });

  it('ログアウト calls the session logout and leaves for the returned address', async () => {
    const navigate = jest.fn();
    await renderReadyHeader({
      session: fakeSession({ me: aUser(), logoutUrl: async () => 'http://idp.test/session/end?state=s', navigate }),
    });
    fireEvent.click(await screen.findByRole('button', { name: '山田 太郎さん' }));
    fireEvent.click(screen.getByRole('button', { name: 'ログアウト' }));
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('http://idp.test/session/end?state=s'));
    expect(analytics.event).toHaveBeenCalledWith('header_navigation', { key: 'logout' });
  });

  it('a failed logout clears the user silently and offers ログイン again', async () => {
    await renderReadyHeader({ session: fakeSession({ me: aUser(), logoutUrl: () => Promise.reject(new Error('offline')) }) });
    fireEvent.click(await screen.findByRole('button', { name: '山田 太郎さん' }));
    fireEvent.click(screen.getByRole('button', { name: 'ログアウト' }));
    expect((await screen.findByRole('link', { name: 'ログイン' })).getAttribute('href')).toMatch(/^\/api\/v1\/login\?currentUrl=/);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('a user without a name is ゲストさん', async () => {
    await renderReadyHeader({ session: loggedIn({ lastName: '', firstName: '' }) });
    expect((await screen.findByRole('link', { name: 'マイページ（ゲストさん）' })).getAttribute('href')).toBe('/mypage/profile');
    expect(screen.getByRole('button', { name: 'ゲストさん' })).toBeInTheDocument();
  });
});

describe('Header layout', () => {
  it.each([
    ['/mypage/profile', true],
    ['/yahoo-ads/courses/search/lessons/keywords', true],
    ['/learn-with-video/yahoo-ads/courses/intro/lessons/first', true],
    ['/lineyahoo-marketing-skill-badge/courses/line-ads-basic/exam', true],
    ['/', false],
    ['/yahoo-ads/courses/search', false],
  ])('%s uses the wide layout: %s', async (at, wide) => {
    await renderReadyHeader({ session: loggedOut(), at });
    await screen.findByRole('link', { name: 'ログイン' });
    expect(screen.getByRole('banner').classList.contains('site-header--wide')).toBe(wide);
  });
});

describe('Header (mobile)', () => {
  const menuButton = () => screen.getByRole('button', { name: 'メニュー' });

  it('at 375 px the メニュー button opens a modal menu dialog listing every item', async () => {
    await renderReadyHeader({ session: loggedOut() });
    act(() => setViewport(375, 812));

    expect(screen.queryByRole('navigation', { name: 'メインメニュー' })).toBeNull();
    expect(menuButton().getAttribute('aria-expanded')).toBe('false');
    expect(menuButton().getAttribute('aria-haspopup')).toBe('dialog');

    fireEvent.click(menuButton());
    const dialog = screen.getByRole('dialog', { name: 'メニュー' });
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(menuButton().getAttribute('aria-expanded')).toBe('true');
    expect(menuButton().getAttribute('aria-controls')).toBe(dialog.id);
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: '閉じる' }));

    const menu = within(dialog).getByRole('navigation', { name: 'メインメニュー' });
    expect(within(menu).getAllByRole('link').map((link) => link.getAttribute('href'))).toEqual([
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
    for (const name of ['学ぶ', '動画で学ぶ', 'コースで学ぶ', '管理画面']) {
      expect(within(within(menu).getByRole('group', { name })).getAllByRole('link').length).toBeGreaterThan(0);
    }
  });

  it('Escape closes the dialog and returns focus to the メニュー button', async () => {
    await renderReadyHeader({ session: loggedOut() });
    act(() => setViewport(375, 812));
    fireEvent.click(menuButton());
    fireEvent.keyDown(screen.getByRole('dialog', { name: 'メニュー' }), { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(menuButton());
  });

  it('閉じる closes the dialog and returns focus', async () => {
    await renderReadyHeader({ session: loggedOut() });
    act(() => setViewport(375, 812));
    fireEvent.click(menuButton());
    fireEvent.click(screen.getByRole('button', { name: '閉じる' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(menuButton());
  });

  it('is shown modal (the browser keeps focus inside), starting on 閉じる', async () => {
    const showModal = jest.spyOn(HTMLDialogElement.prototype, 'showModal');
    await renderReadyHeader({ session: loggedOut() });
    act(() => setViewport(375, 812));
    fireEvent.click(menuButton());
    const dialog = screen.getByRole('dialog', { name: 'メニュー' }) as HTMLDialogElement;
    expect(showModal).toHaveBeenCalledTimes(1);
    expect(showModal.mock.contexts[0]).toBe(dialog);
    expect(dialog.open).toBe(true);
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: '閉じる' }));
  });

  it('a link navigates, is tracked and closes the dialog', async () => {
    const { router } = await renderReadyHeader({ session: loggedOut() });
    act(() => setViewport(375, 812));
    fireEvent.click(menuButton());
    const dialog = screen.getByRole('dialog', { name: 'メニュー' });
    fireEvent.click(within(within(dialog).getByRole('group', { name: '動画で学ぶ' })).getByRole('link', { name: 'Yahoo!広告' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/learn-with-video/yahoo-ads'));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(analytics.event).toHaveBeenCalledWith('header_navigation', { key: 'learn_video_yahoo_ads' });
  });

  it('switches back to the desktop navigation when the window widens', async () => {
    await renderReadyHeader({ session: loggedOut() });
    act(() => setViewport(375, 812));
    expect(menuButton().getAttribute('aria-haspopup')).toBe('dialog');
    act(() => setViewport(1280, 800));
    expect(screen.queryByRole('button', { name: 'メニュー' })).toBeNull();
    expect(within(nav()).getByRole('link', { name: '認定を取得する' }).getAttribute('href')).toBe('/lineyahoo-marketing-skill-badge');
  });

  it('keeps the account corner: logged in, the thumbnail and the user menu', async () => {
    await renderReadyHeader({ session: loggedIn() });
    act(() => setViewport(375, 812));
    expect((await screen.findByRole('link', { name: 'マイページ（山田 太郎さん）' })).getAttribute('href')).toBe('/mypage/profile');
    expect(screen.getByRole('button', { name: '山田 太郎さん' }).getAttribute('aria-expanded')).toBe('false');
  });
});
