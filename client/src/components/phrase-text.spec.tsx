import { render } from '@testing-library/react';
import { PhraseText } from './phrase-text';

/** The text of each line-break piece: what lies between two <wbr>. */
const piecesOf = (container: HTMLElement) => (container.firstElementChild?.innerHTML ?? '').split('<wbr>');

describe('PhraseText', () => {
  it('puts a line-break opportunity between phrases only, keeping every character', () => {
    const { container } = render(<PhraseText text="LINE公式アカウントの基本を学ぼう" />);
    expect(container.textContent).toBe('LINE公式アカウントの基本を学ぼう');
    expect(piecesOf(container)).toEqual(['LINE公式アカウントの', '基本を', '学ぼう']);
  });

  it('keeps 「学ぼう」 and 「キャンペーン」 whole in the headings that broke inside them', () => {
    expect(piecesOf(render(<PhraseText text="マーケティングを、無料で学ぼう" />).container)).toEqual(['マーケティングを、', '無料で', '学ぼう']);
    expect(piecesOf(render(<PhraseText text="スキルバッジ取得応援キャンペーン" />).container)).toEqual(['スキルバッジ', '取得応援', 'キャンペーン']);
  });

  it('marks its text so the browser breaks nowhere else', () => {
    const { container } = render(<PhraseText text="受講履歴" />);
    expect(container.querySelector('.phrase-text')?.textContent).toBe('受講履歴');
    expect(container.querySelectorAll('wbr')).toHaveLength(0);
  });
});
