import type { CurrentUser } from '@campus/contracts/current-user';
import type { UnreadFlags } from '@campus/contracts/notifications';
import { hasAnyUnread, noticesLink } from '../../features/notifications/notices-link';
import { ADMIN_CONSOLE_URLS, HELP_MANUAL_URL } from './external-links';

/** The analytics event sent for every header navigation, with `{ key: item.eventKey }`. */
export const HEADER_NAVIGATION_EVENT = 'header_navigation';

/**
 * Spec §3 menu item: text, `to` (in the campus) or `href` (external, opens in a new tab),
 * children, badgeText (the New badge) and the event key. An item with children and no link is a
 * submenu (top level) or a group of links (inside a submenu).
 */
export interface MenuItem {
  eventKey: string;
  text: string;
  to?: string;
  href?: string;
  children?: readonly MenuItem[];
  /** Shown as a badge next to the text (e.g. 'New'); assistive technology reads… */
  badgeText?: string;
  /** …this after the badge text (e.g. '（未読あり）' → 'お知らせ New（未読あり）'). */
  badgeLabel?: string;
}

export const NEW_BADGE_TEXT = 'New';
export const NEW_BADGE_LABEL = '（未読あり）';

/** The top-level navigation (spec §2), with the notices link and badge following the unread flags. */
export function headerMenu(flags: UnreadFlags): MenuItem[] {
  return [
    {
      eventKey: 'learn',
      text: '学ぶ',
      children: [
        {
          eventKey: 'learn_video',
          text: '動画で学ぶ',
          children: [
            { eventKey: 'learn_video_line_official_account', text: 'LINE公式アカウント', to: '/learn-with-video/line-official-account' },
            { eventKey: 'learn_video_yahoo_ads', text: 'Yahoo!広告', to: '/learn-with-video/yahoo-ads' },
          ],
        },
        {
          eventKey: 'learn_course',
          text: 'コースで学ぶ',
          children: [
            { eventKey: 'learn_course_line_official_account', text: 'LINE公式アカウント', to: '/line-official-account' },
            { eventKey: 'learn_course_line_ads', text: 'LINE広告', to: '/line-ads' },
            { eventKey: 'learn_course_yahoo_ads', text: 'Yahoo!広告', to: '/yahoo-ads' },
          ],
        },
      ],
    },
    { eventKey: 'certification', text: '認定を取得する', to: '/lineyahoo-marketing-skill-badge' },
    {
      eventKey: 'notices',
      text: 'お知らせ',
      to: noticesLink(flags),
      ...(hasAnyUnread(flags) ? { badgeText: NEW_BADGE_TEXT, badgeLabel: NEW_BADGE_LABEL } : {}),
    },
    { eventKey: 'help', text: 'ヘルプ', href: HELP_MANUAL_URL },
    {
      eventKey: 'admin',
      text: '管理画面',
      children: [
        { eventKey: 'admin_line_official_account', text: 'LINE公式アカウント', href: ADMIN_CONSOLE_URLS.lineOfficialAccount },
        { eventKey: 'admin_line_ads', text: 'LINE広告', href: ADMIN_CONSOLE_URLS.lineAds },
        { eventKey: 'admin_yahoo_ads', text: 'Yahoo!広告', href: ADMIN_CONSOLE_URLS.yahooAds },
      ],
    },
  ];
}

/** The logged-in user's menu (spec §2); ログアウト is an action, not a link, and follows these. */
export const USER_MENU: readonly MenuItem[] = [
  { eventKey: 'user_profile', text: 'プロフィール', to: '/mypage/profile' },
  { eventKey: 'user_history', text: '受講履歴', to: '/mypage/history' },
  { eventKey: 'user_wishlist', text: '受講したいリスト', to: '/mypage/wishlist' },
  { eventKey: 'user_certificates', text: '認定証', to: '/mypage/certificates' },
];

/** The campus's own admin console, in the user menu of admins only. */
export const ADMIN_CONSOLE_ITEM: MenuItem = { eventKey: 'user_admin_console', text: '運営コンソール', to: '/admin' };

/** The user menu of this user: admins also get the way into the admin console. */
export const userMenuOf = (user: Pick<CurrentUser, 'role'>): readonly MenuItem[] =>
  user.role === 'admin' ? [...USER_MENU, ADMIN_CONSOLE_ITEM] : USER_MENU;

export const MYPAGE_PROFILE_PATH = '/mypage/profile';
export const LOGOUT_EVENT_KEY = 'logout';
export const THUMBNAIL_EVENT_KEY = 'mypage';
export const LOGO_EVENT_KEY = 'logo';
