import { refuseCrossSiteWrite } from './same-site-xhr.check';

const ALLOWED = ['http://localhost:3000', 'http://localhost:5173'];
const check = (method: string, headers: Record<string, string>) => refuseCrossSiteWrite({ method, headers }, ALLOWED);
const xhr = { 'x-requested-with': 'XMLHttpRequest' };

describe('refuseCrossSiteWrite', () => {
  it('lets safe methods through untouched', () => {
    expect(check('GET', { origin: 'https://evil.example' })).toBeNull();
    expect(check('HEAD', {})).toBeNull();
  });

  it('accepts a same-origin JSON XHR and a body-less POST', () => {
    const json = { ...xhr, origin: 'http://localhost:3000', 'content-type': 'application/json; charset=utf-8', 'content-length': '2' };
    expect(check('PUT', json)).toBeNull();
    expect(check('POST', { ...xhr, 'content-length': '0' })).toBeNull();
    expect(check('POST', { ...xhr, origin: 'http://localhost:5173' })).toBeNull();
  });

  it.each([
    ['no XHR header', {}, 'XHR_HEADER_REQUIRED', 403],
    ['a different XHR header value', { 'x-requested-with': 'fetch' }, 'XHR_HEADER_REQUIRED', 403],
    ['a cross-site Origin', { ...xhr, origin: 'https://evil.example' }, 'CROSS_SITE_REQUEST', 403],
    ['a look-alike Origin', { ...xhr, origin: 'http://localhost:3000.evil.example' }, 'CROSS_SITE_REQUEST', 403],
    ['Sec-Fetch-Site cross-site', { ...xhr, 'sec-fetch-site': 'cross-site' }, 'CROSS_SITE_REQUEST', 403],
    ['a form body', { ...xhr, 'content-type': 'application/x-www-form-urlencoded', 'content-length': '3' }, 'UNSUPPORTED_MEDIA_TYPE', 415],
    ['a body without a content type', { ...xhr, 'transfer-encoding': 'chunked' }, 'UNSUPPORTED_MEDIA_TYPE', 415],
    ['application/jsonp', { ...xhr, 'content-type': 'application/jsonp', 'content-length': '3' }, 'UNSUPPORTED_MEDIA_TYPE', 415],
  ])('refuses %s', (_case, headers, code, status) => {
    expect(check('POST', headers as Record<string, string>)).toMatchObject({ code, status });
  });
});
