import type { ServiceSlug } from '@campus/contracts/catalogue-slugs';

/**
 * What each service's courses teach, under its name on the landing and top pages. The API has no
 * program endpoint, so the wording lives here, next to the labels in catalogue-slugs.
 */
export const SERVICE_DESCRIPTIONS: Record<ServiceSlug, string> = {
  'line-official-account': '友だちとつながり、メッセージやクーポンでお店やサービスのファンを増やす運用を学べます。',
  'line-ads': '配信の設計、ターゲティング、入札、クリエイティブから効果測定まで、広告運用の基本を学べます。',
  'yahoo-ads': '検索広告とディスプレイ広告の仕組み、キーワードやターゲティング、運用の改善を学べます。',
};
