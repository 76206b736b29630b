import { lineBreakPieces, splitAtWordSeams, splitIntoPhrases } from './phrases';

describe('lineBreakPieces', () => {
  it('breaks the top page heading between phrases, so 「学ぼう」 stays whole', () => {
    expect(lineBreakPieces('マーケティングを、無料で学ぼう')).toEqual(['マーケティングを、', '無料で', '学ぼう']);
  });

  it('breaks a compound BudouX keeps whole at its word seams, so 「キャンペーン」 stays whole', () => {
    expect(splitIntoPhrases('スキルバッジ取得応援キャンペーン')).toEqual(['スキルバッジ取得応援キャンペーン']);
    expect(lineBreakPieces('スキルバッジ取得応援キャンペーン')).toEqual(['スキルバッジ', '取得応援', 'キャンペーン']);
  });

  it('leaves a phrase that fits a phone line whole (half-width letters count half)', () => {
    expect(lineBreakPieces('LINE公式アカウントの基本を学ぼう')).toEqual(['LINE公式アカウントの', '基本を', '学ぼう']);
    expect(lineBreakPieces('マーケティングスキルバッジに挑戦しよう')).toEqual(['マーケティングスキルバッジに', '挑戦しよう']);
  });

  it('never loses or reorders a character', () => {
    for (const text of ['お探しのページはみつかりませんでした。', 'LINE広告 Basic 受験規約', '利用規約とプライバシーポリシーへの同意', 'Yahoo!広告 検索広告の基本']) {
      expect(lineBreakPieces(text).join('')).toBe(text);
    }
  });
});

describe('splitAtWordSeams', () => {
  it('starts a word where katakana, kanji and Latin letters meet, never at hiragana or punctuation', () => {
    expect(splitAtWordSeams('LINE公式アカウントの')).toEqual(['LINE', '公式', 'アカウントの']);
    expect(splitAtWordSeams('マーケティングスキルバッジに')).toEqual(['マーケティングスキルバッジに']);
    expect(splitAtWordSeams('受講したい')).toEqual(['受講したい']);
  });
});
