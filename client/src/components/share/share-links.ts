/**
 * The addresses of spec §9's share targets, free of the DOM: which UTM marks each target carries
 * and how the social networks want the link.
 */

export type SnsNetwork = 'facebook' | 'x';

/** Spec §9: shared_sns with medium fb or tw; shared with medium link. */
export const SHARE_UTM = {
  facebook: { source: 'shared_sns', medium: 'fb' },
  x: { source: 'shared_sns', medium: 'tw' },
  link: { source: 'shared', medium: 'link' },
} as const;

export type ShareTarget = keyof typeof SHARE_UTM;

/** Spec §9: the social networks' share window is 626×436. */
export const SNS_WINDOW_WIDTH = 626;
export const SNS_WINDOW_HEIGHT = 436;

/** The page address without its fragment (a fragment means nothing to whoever opens the link). */
export function pageUrlWithoutHash(href: string): string {
  const hashAt = href.indexOf('#');
  return hashAt === -1 ? href : href.slice(0, hashAt);
}

/**
 * The page address marked for one share target. Other query parameters stay as they are; a
 * utm_source / utm_medium the page was reached with is replaced (it described someone else's share).
 */
export function withShareUtm(pageUrl: string, target: ShareTarget): string {
  const url = new URL(pageUrl);
  url.hash = '';
  url.searchParams.set('utm_source', SHARE_UTM[target].source);
  url.searchParams.set('utm_medium', SHARE_UTM[target].medium);
  return url.href;
}

/** Facebook's share dialog for `link`. */
export const facebookShareUrl = (link: string): string =>
  `https://www.facebook.com/sharer/sharer.php?u=${encodeURIComponent(link)}`;

/** X's (Twitter's) post dialog for `link`, with the page title as the text. */
export const xShareUrl = (link: string, title: string): string =>
  `https://twitter.com/intent/tweet?url=${encodeURIComponent(link)}&text=${encodeURIComponent(title)}`;

/** The network's dialog for an already marked (and possibly shortened) link. */
export const snsShareUrl = (network: SnsNetwork, link: string, title: string): string =>
  network === 'facebook' ? facebookShareUrl(link) : xShareUrl(link, title);

export interface ScreenBox {
  screenX: number;
  screenY: number;
  outerWidth: number;
  outerHeight: number;
}

/** `window.open` features for the share window: 626×436, centred on the browser window when it fits. */
export function snsWindowFeatures(box?: ScreenBox): string {
  const features = [`width=${SNS_WINDOW_WIDTH}`, `height=${SNS_WINDOW_HEIGHT}`];
  if (box) {
    const left = Math.max(0, Math.round(box.screenX + (box.outerWidth - SNS_WINDOW_WIDTH) / 2));
    const top = Math.max(0, Math.round(box.screenY + (box.outerHeight - SNS_WINDOW_HEIGHT) / 2));
    features.push(`left=${left}`, `top=${top}`);
  }
  features.push('menubar=no', 'toolbar=no', 'resizable=yes', 'scrollbars=yes');
  return features.join(',');
}
