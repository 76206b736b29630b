const DEFAULT_SITE_NAME = 'マーケティング学習キャンパス';

/**
 * The campus's name: the header, and the end of every page title (spec §1). Configurable per
 * deployment through `<meta name="application-name">` in index.html; Japanese by default.
 */
export const SITE_NAME =
  (typeof document !== 'undefined' && document.querySelector<HTMLMetaElement>('meta[name="application-name"]')?.content) ||
  DEFAULT_SITE_NAME;

/** `<page> - <site>` (spec §1); the top page is the site name alone. */
export const pageTitle = (page?: string): string => (page ? `${page} - ${SITE_NAME}` : SITE_NAME);
