import { printedNameOf, unprintableNameMessage, updateProfileSchema } from './current-user';

describe('printedNameOf', () => {
  it('puts the family name first, as certificates print it', () => {
    expect(printedNameOf({ lastName: '山田', firstName: '太郎' })).toBe('山田 太郎');
  });

  it('leaves no stray space around a missing or padded part', () => {
    expect(printedNameOf({ lastName: ' 山田 ', firstName: '' })).toBe('山田');
    expect(printedNameOf({ lastName: '', firstName: '太郎' })).toBe('太郎');
  });
});

describe('unprintableNameMessage', () => {
  it('quotes each character the font cannot print', () => {
    expect(unprintableNameMessage(['😀', '☺'])).toBe('証明書に印字できない文字が含まれています（「😀」「☺」）。別の字体や表記でご入力ください');
  });
});

describe('updateProfileSchema', () => {
  const valid = { lastName: '山田', firstName: '太郎', lastNameKana: 'ヤマダ', firstNameKana: 'タロウ', email: 'taro@example.com' };

  it('accepts a profile and trims its fields', () => {
    expect(updateProfileSchema.parse({ ...valid, lastName: ' 山田 ' }).lastName).toBe('山田');
  });

  it.each([
    ['lastNameKana', 'やまだ', '全角カタカナで入力してください'],
    ['firstName', '', '入力してください'],
    ['email', 'taro', 'メールアドレスの形式で入力してください'],
    // Markup and control characters are refused, not escaped later (the PDF prints names verbatim).
    ['lastName', '<img src=x onerror=alert(1)>', '「<」「>」や制御文字は名前に使えません'],
    ['firstName', '太\u0007郎', '「<」「>」や制御文字は名前に使えません'],
    ['lastNameKana', 'ヤマダ>', '「<」「>」や制御文字は名前に使えません'],
  ])('names %s in Japanese when it is wrong', (field, value, message) => {
    const result = updateProfileSchema.safeParse({ ...valid, [field]: value });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]).toMatchObject({ path: [field], message });
  });
});
