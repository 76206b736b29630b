import { isSameOrigin, sameOriginReturnPath, withQueryParam } from './return-path';

const ORIGIN = 'http://localhost:3000';

describe('sameOriginReturnPath', () => {
  it.each([
    ['http://localhost:3000/mypage/profile?tab=2#x', '/mypage/profile?tab=2#x'],
    ['/line-ads/courses/a', '/line-ads/courses/a'],
    [undefined, '/'],
    ['', '/'],
    ['https://evil.example/', '/'],
    ['//evil.example/path', '/'],
    ['/\\evil.example', '/'],
    ['http://user:pass@localhost:3000/', '/'],
    ['http://localhost:3001/', '/'],
    ['javascript:alert(1)', '/'],
    ['http://localhost:3000/api/v1/login', '/'],
    ['http://localhost:3000//evil.example', '/'],
    ['/.//evil.example', '/'],
  ])('%s → %s', (input, expected) => {
    expect(sameOriginReturnPath(input, ORIGIN)).toBe(expected);
  });

  it('checks origins for the logout return address', () => {
    expect(isSameOrigin('http://localhost:3000', ORIGIN)).toBe(true);
    expect(isSameOrigin('https://localhost:3000', ORIGIN)).toBe(false);
  });

  it('adds the login marker without losing query or fragment', () => {
    expect(withQueryParam('/a?b=1#c', 'login', 'cancelled')).toBe('/a?b=1&login=cancelled#c');
  });

  it('puts the marker on the top page when the path would leave the site', () => {
    expect(withQueryParam('//evil.example/x', 'login', 'failed')).toBe('/?login=failed');
  });
});
