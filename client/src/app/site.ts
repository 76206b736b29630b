/** The campus's name: the header, and the end of every page title (spec §1). */
export const SITE_NAME = 'マーケティング学習キャンパス';

/** `<page> - <site>` (spec §1); the top page is the site name alone. */
export const pageTitle = (page?: string): string => (page ? `${page} - ${SITE_NAME}` : SITE_NAME);
