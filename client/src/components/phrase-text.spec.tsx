import { render } from '@testing-library/react';
import { splitIntoPhrases } from '../lib/phrases';
import { PhraseText } from './phrase-text';

describe('PhraseText', () => {
  const heading = 'LINE公式アカウントの基本を学ぼう';

  it('splits a Japanese heading into more than one phrase without losing a character', () => {
    const phrases = splitIntoPhrases(heading);
    expect(phrases.length).toBeGreaterThan(1);
    expect(phrases.join('')).toBe(heading);
  });

  it('puts a line-break opportunity between phrases only', () => {
    const { container } = render(<PhraseText text={heading} />);
    expect(container.textContent).toBe(heading);
    expect(container.querySelectorAll('wbr')).toHaveLength(splitIntoPhrases(heading).length - 1);
  });
});
