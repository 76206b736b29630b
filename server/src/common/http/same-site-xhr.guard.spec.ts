import type { ExecutionContext } from '@nestjs/common';
import { parseConfig } from '../../config/config';
import { SameSiteXhrGuard } from './same-site-xhr.guard';

const guard = new SameSiteXhrGuard(parseConfig({ ALLOWED_ORIGINS: 'http://localhost:5173' }));
const contextFor = (method: string, headers: Record<string, string>) =>
  ({ getType: () => 'http', switchToHttp: () => ({ getRequest: () => ({ method, headers }) }) }) as unknown as ExecutionContext;
const xhr = { 'x-requested-with': 'XMLHttpRequest' };

describe('SameSiteXhrGuard', () => {
  it('lets safe methods through untouched', () => {
    expect(guard.canActivate(contextFor('GET', { origin: 'https://evil.example' }))).toBe(true);
  });

  it('accepts a same-origin JSON XHR and a body-less POST', () => {
    const json = { ...xhr, origin: 'http://localhost:3000', 'content-type': 'application/json; charset=utf-8', 'content-length': '2' };
    expect(guard.canActivate(contextFor('PUT', json))).toBe(true);
    expect(guard.canActivate(contextFor('POST', { ...xhr, 'content-length': '0' }))).toBe(true);
    expect(guard.canActivate(contextFor('POST', { ...xhr, origin: 'http://localhost:5173' }))).toBe(true);
  });

  it.each([
    ['no XHR header', {}, 'XHR_HEADER_REQUIRED'],
    ['a different XHR header value', { 'x-requested-with': 'fetch' }, 'XHR_HEADER_REQUIRED'],
    ['a cross-site Origin', { ...xhr, origin: 'https://evil.example' }, 'CROSS_SITE_REQUEST'],
    ['a look-alike Origin', { ...xhr, origin: 'http://localhost:3000.evil.example' }, 'CROSS_SITE_REQUEST'],
    ['Sec-Fetch-Site cross-site', { ...xhr, 'sec-fetch-site': 'cross-site' }, 'CROSS_SITE_REQUEST'],
    ['a form body', { ...xhr, 'content-type': 'application/x-www-form-urlencoded', 'content-length': '3' }, 'UNSUPPORTED_MEDIA_TYPE'],
    ['a body without a content type', { ...xhr, 'transfer-encoding': 'chunked' }, 'UNSUPPORTED_MEDIA_TYPE'],
    ['application/jsonp', { ...xhr, 'content-type': 'application/jsonp', 'content-length': '3' }, 'UNSUPPORTED_MEDIA_TYPE'],
  ])('refuses %s', (_case, headers, code) => {
    expect(() => guard.canActivate(contextFor('POST', headers as Record<string, string>))).toThrow(
      expect.objectContaining({ code }),
    );
  });
});
