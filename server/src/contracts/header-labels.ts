/**
 * The words of the header's buttons that the server's first frame holds room for
 * (common/http/first-text-html.ts) and the client's header shows (app/header).
 */
export const LOGIN_TEXT = 'ログイン';
export const MOBILE_MENU_LABEL = 'メニュー';
