import { isPrintableOnCertificate, unprintableCharactersOf } from './certificate-font';

describe('isPrintableOnCertificate (judged by the real Noto Sans JP file)', () => {
  it.each(['山田 太郎', '髙橋', '山﨑', '渡邊　綾', 'ヤマダ・タロウ', 'Smith'])('%s can be printed', (name) => {
    expect(isPrintableOnCertificate(name)).toBe(true);
  });

  it.each(['花子😀', '김민수', '\u0007', ''])('%j cannot', (name) => {
    expect(isPrintableOnCertificate(name)).toBe(false);
  });
});

describe('unprintableCharactersOf', () => {
  it('names each missing character once, in the order typed', () => {
    expect(unprintableCharactersOf('花😀子☺😀')).toEqual(['😀', '☺']);
  });

  it('is empty for a printable name', () => {
    expect(unprintableCharactersOf('髙橋 﨑子')).toEqual([]);
  });
});
