/**
 * The top page's hero: the client's home page shows it, and the server writes it into the top page's
 * HTML (common/http/first-text-html.ts), so it is painted before the app has run.
 */
export const HOME_HERO = {
  title: 'マーケティングを、無料で学ぼう',
  lead: '動画やスライドのレッスンで基礎から学び、認定試験に合格するとスキルバッジと認定証を取得できます。',
} as const;
