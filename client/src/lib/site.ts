import { composePageTitle, SITE_NAME as DEFAULT_SITE_NAME } from '@campus/contracts/page-metadata';

/**
 * The campus's name: the header, and the end of every page title (spec §1). Configurable per
 * deployment through `<meta name="application-name">` in index.html; Japanese by default.
 */
export const SITE_NAME =
  (typeof document !== 'undefined' && document.querySelector<HTMLMetaElement>('meta[name="application-name"]')?.content) ||
  DEFAULT_SITE_NAME;

/** `<page> - <site>` (spec §1), the form the server writes into the HTML too; the top page is the site name alone. */
export const pageTitle = (page?: string): string => composePageTitle(page, SITE_NAME);
