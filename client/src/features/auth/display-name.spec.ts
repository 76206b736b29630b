import { displayName as displayNameFamilyFirst, displayNameGivenFirst } from './display-name';

describe('display names (spec §3, both readings)', () => {
  it('family name first', () => {
    expect(displayNameFamilyFirst({ lastName: '山田', firstName: '太郎' })).toBe('山田 太郎');
    expect(displayNameFamilyFirst({ lastName: '山田', firstName: '' })).toBe('山田');
    expect(displayNameFamilyFirst({ lastName: '', firstName: '太郎' })).toBe('太郎');
    expect(displayNameFamilyFirst({ lastName: '', firstName: '' })).toBe('');
  });

  it('given name first, joined and trimmed', () => {
    expect(displayNameGivenFirst({ lastName: '山田', firstName: '太郎' })).toBe('太郎 山田');
    expect(displayNameGivenFirst({ lastName: 'Yamada', firstName: 'Taro' })).toBe('Taro Yamada');
    expect(displayNameGivenFirst({ lastName: '山田', firstName: '' })).toBe('山田');
    expect(displayNameGivenFirst({ lastName: '', firstName: '太郎' })).toBe('太郎');
    expect(displayNameGivenFirst({ lastName: '', firstName: '' })).toBe('');
  });
});
