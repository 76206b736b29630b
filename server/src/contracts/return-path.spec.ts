import { MAX_RETURN_URL_CHARS, sameOriginPath } from './return-path';

const SITE = 'http://localhost:3000';
const HTTPS_SITE = 'https://campus.example.jp';

describe('sameOriginPath: pages of the site are kept', () => {
  it.each([
    [`${SITE}/mypage/profile?tab=2#x`, '/mypage/profile?tab=2#x'],
    [`${SITE}`, '/'],
    [`${SITE}/`, '/'],
    ['/line-ads/courses/a', '/line-ads/courses/a'],
    ['/yahoo-ads?page=2&login=cancelled', '/yahoo-ads?page=2&login=cancelled'],
    ['HTTP://LOCALHOST:3000/line-ads', '/line-ads'],
    [`${SITE}/a/../line-ads`, '/line-ads'],
    [`${SITE}/コース`, '/%E3%82%B3%E3%83%BC%E3%82%B9'],
    [`${SITE}/search?q=a%2F%2Fb`, '/search?q=a%2F%2Fb'],
    [`${SITE}/a%2Fb`, '/a%2Fb'],
  ])('%s → %s', (input, expected) => {
    expect(sameOriginPath(input, SITE)).toBe(expected);
  });

  it('compares with the default port of an https site', () => {
    expect(sameOriginPath('https://campus.example.jp:443/line-ads', HTTPS_SITE)).toBe('/line-ads');
  });
});

describe('sameOriginPath: anything that could leave the site is refused', () => {
  const cases: [string, string | undefined | null][] = [
    ['nothing', undefined],
    ['null', null],
    ['empty', ''],
    ['the probe: a double slash after the origin', `${SITE}//evil.example`],
    ['the probe: a dot segment before the double slash', '/.//evil.example'],
    ['dot segments in a full URL', `${SITE}/./..//evil.example`],
    ['dot-dot before the double slash', '/x/..//evil.example'],
    ['encoded dot segment', '/%2e//evil.example'],
    ['scheme-relative', '//evil.example/steal'],
    ['three slashes', '///evil.example'],
    ['a backslash after the slash', '/\\evil.example'],
    ['two backslashes', '\\\\evil.example'],
    ['backslash inside a full URL', `${SITE}/\\evil.example`],
    ['backslash scheme', 'http:\\\\evil.example'],
    ['a tab between the slashes', '/\t/evil.example'],
    ['a newline between the slashes', '/\n/evil.example'],
    ['a carriage return between the slashes', `${SITE}/\r/evil.example`],
    ['a NUL byte', '/\u0000/evil.example'],
    ['leading space before the slashes', ' //evil.example'],
    ['encoded slashes', '/%2F%2Fevil.example'],
    ['encoded slash after one slash', '/%2Fevil.example'],
    ['lower-case encoded slash', `${SITE}/%2fevil.example`],
    ['encoded backslash', '/%5Cevil.example'],
    ['double-encoded slash', '/%252Fevil.example'],
    ['triple-encoded slash', '/%25252F%25252Fevil.example'],
    ['another host', 'https://evil.example/'],
    ['another scheme of the same host', 'https://localhost:3000/'],
    ['another port', 'http://localhost:3001/'],
    ['a host that starts like the site', 'http://localhost.evil.example/'],
    ['the site as user-info', 'http://localhost:3000@evil.example/'],
    ['user and password on the site', 'http://user:pass@localhost:3000/'],
    ['an empty user-info on the site', 'http://@localhost:3000/'],
    ['javascript:', 'javascript:alert(1)'],
    ['JavaScript: with a slash comment', 'JaVaScRiPt://%0aalert(1)'],
    ['data:', 'data:text/html,<script>alert(1)</script>'],
    ['vbscript:', 'vbscript:msgbox(1)'],
    ['file:', 'file:///etc/passwd'],
    ['a scheme without slashes', 'http:evil.example'],
    ['a relative path', 'mypage'],
    ['a dot-relative path', './/evil.example'],
    ['a fullwidth dot in the host', 'http://localhost。evil.example/'],
    ['a unicode host that maps to another site', 'http://ｅｖｉｌ.example/'],
    ['an IP address host', 'http://127.0.0.1:3000/'],
    ['an API route', '/api/v1/login?currentUrl=//evil.example'],
    ['the API root', `${SITE}/api`],
    ['over-long', `/${'a'.repeat(MAX_RETURN_URL_CHARS)}`],
    ['a bare fragment', '#//evil.example'],
    ['a bare query', '?next=//evil.example'],
  ];

  it('has a table of at least 30 tricky forms', () => {
    expect(cases.length).toBeGreaterThanOrEqual(30);
  });

  it.each(cases)('%s', (_case, input) => {
    expect(sameOriginPath(input, SITE)).toBeNull();
  });

  it('never answers a path a browser would read as another host', () => {
    const results = cases.map(([, input]) => sameOriginPath(input, SITE)).concat(
      [`${SITE}//x`, '/.//x', '/%2F/x'].map((input) => sameOriginPath(input, SITE)),
    );
    for (const path of results) if (path !== null) expect(path).toMatch(/^\/(?![/\\])/);
  });
});
