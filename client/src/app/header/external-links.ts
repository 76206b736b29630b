/**
 * External destinations of the header (spec §2: help is an external manual; the admin consoles are
 * external links only, spec §6). Placeholders until the real addresses are decided: change them
 * here and nowhere else.
 */
export const HELP_MANUAL_URL = 'https://help.example.com/campus/manual/';

export const ADMIN_CONSOLE_URLS = {
  lineOfficialAccount: 'https://manager.line-official-account.example.com/',
  lineAds: 'https://admanager.line-ads.example.com/',
  yahooAds: 'https://ads.yahoo-ads.example.com/',
} as const;
