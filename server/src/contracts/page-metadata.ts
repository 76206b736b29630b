import { loginPageName, SKILL_BADGE_NAME } from './page-names.js';

/**
 * Page metadata presets (spec §3): title, description, share image, card type and og type per page
 * kind. The server writes them into the HTML of every page, so crawlers and share previews read them
 * without running JavaScript.
 */

export const SITE_NAME = 'マーケティング学習キャンパス';

/** Spec §1: page titles end with the site name after ' - '. */
export const TITLE_SEPARATOR = ' - ';

/** `<page> - <site>`, or the site name alone for the top page: the one form of every title, in the HTML and in the client. */
export const composePageTitle = (page: string | undefined, siteName: string = SITE_NAME): string =>
  page ? `${page}${TITLE_SEPARATOR}${siteName}` : siteName;

export type PagePresetId =
  | 'common'
  | 'line-official-account'
  | 'line-ads'
  | 'yahoo-ads'
  | 'video-line-official-account'
  | 'video-yahoo-ads'
  | 'certification';

export interface PageMetadata {
  preset: PagePresetId;
  title: string;
  description: string;
  /** Path of the share image under the site (1200×630 PNG, made by `npm run share-images`, unless sized below). */
  image: string;
  /** The image's size when it is not 1200×630 (a square badge). */
  imageSize?: { width: number; height: number };
  card: 'summary_large_image' | 'summary';
  ogType: 'article' | 'website';
}

const preset = (id: PagePresetId, title: string, description: string): PageMetadata => ({
  preset: id,
  title,
  description,
  image: `/share/${id}.png`,
  card: 'summary_large_image',
  ogType: 'article',
});

export const PAGE_PRESETS: Record<PagePresetId, PageMetadata> = {
  common: preset(
    'common',
    SITE_NAME,
    'LINE公式アカウント・LINE広告・Yahoo!広告を無料で学べるマーケティング学習キャンパス。レッスンで学び、認定試験に合格するとスキルバッジを取得できます。',
  ),
  'line-official-account': preset(
    'line-official-account',
    composePageTitle('LINE公式アカウントを学ぶ'),
    'LINE公式アカウントの始め方から、友だち集め、メッセージ配信、分析と改善まで。無料のコースで順を追って学べます。',
  ),
  'line-ads': preset(
    'line-ads',
    composePageTitle('LINE広告を学ぶ'),
    'LINE広告の仕組み、ターゲティング、入札と予算、クリエイティブと効果測定を無料のコースで学べます。',
  ),
  'yahoo-ads': preset(
    'yahoo-ads',
    composePageTitle('Yahoo!広告を学ぶ'),
    'Yahoo!広告の検索広告とディスプレイ広告を、キーワード選びから計測と改善まで無料のコースで学べます。',
  ),
  'video-line-official-account': preset(
    'video-line-official-account',
    composePageTitle('動画で学ぶ LINE公式アカウント'),
    '短い動画でLINE公式アカウントの操作と活用のコツを学べます。すきま時間にどうぞ。',
  ),
  'video-yahoo-ads': preset(
    'video-yahoo-ads',
    composePageTitle('動画で学ぶ Yahoo!広告'),
    '短い動画でYahoo!広告の設定と運用の基本を学べます。すきま時間にどうぞ。',
  ),
  certification: preset(
    'certification',
    composePageTitle(SKILL_BADGE_NAME),
    '認定コースで学び、オンラインの認定試験に合格するとスキルバッジと修了証を取得できます。受験は無料です。',
  ),
};

/**
 * The metadata of a page: its kind's preset, titled with the page's own name where the path alone gives
 * it (the pages that ask a visitor to log in, which the client titles the same way behind the prompt).
 */
export function pageMetadataFor(pathname: string): PageMetadata {
  const preset = presetFor(pathname);
  const name = loginPageName(pathname);
  return name ? { ...preset, title: composePageTitle(name) } : preset;
}

/** The preset of a page, by the first segments of its path; anything else is the common preset. */
function presetFor(pathname: string): PageMetadata {
  const [first, second] = pathname.split('/').filter(Boolean);
  if (first === 'learn-with-video') {
    if (second === 'line-official-account') return PAGE_PRESETS['video-line-official-account'];
    if (second === 'yahoo-ads') return PAGE_PRESETS['video-yahoo-ads'];
    return PAGE_PRESETS.common;
  }
  if (first === 'line-official-account' || first === 'line-ads' || first === 'yahoo-ads') return PAGE_PRESETS[first];
  if (first === 'lineyahoo-marketing-skill-badge') return PAGE_PRESETS.certification;
  return PAGE_PRESETS.common;
}
