import { refuseBadBytesInBody, refuseBadBytesInUrl } from './bad-bytes.check';

const fieldOf = (refusal: ReturnType<typeof refuseBadBytesInUrl>) => refusal && { code: refusal.code, status: refusal.status, field: refusal.field };

describe('refuseBadBytesInUrl', () => {
  it.each([
    '/api/v1/learning-courses/',
    '/api/v1/learning-courses/oa-getting-started?page=2&program=OA&program=AD',
    `/api/v1/learning-courses/${encodeURIComponent('講座🎓')}`,
    '/api/v1/login?currentUrl=%2Fmypage%2Fprofile%3Fa%3D1',
    '/api/v1/admin/analytics/events?name=100%&path=%2F50%25',
    '/api/v1/x?flag&empty=&a+b=c+d',
  ])('lets %s through', (url) => {
    expect(refuseBadBytesInUrl(url)).toBeNull();
  });

  it.each([
    ['/api/v1/learning-courses/a%00b', 'path'],
    ['/s/%00', 'path'],
    ['/api/v1/learning-courses/%ED%A0%80', 'path'],
    ['/api/v1/learning-courses/%ed%bf%bf', 'path'],
    ['/api/v1/learning-courses/%E0%A4%A', 'path'],
    ['/api/v1/login?currentUrl=%2F%00', 'currentUrl'],
    ['/api/v1/x?note=%ED%A0%80', 'note'],
    ['/api/v1/x?ok=1&note=caf%C3', 'note'],
    ['/api/v1/x?a%00b=1', 'query'],
    ['/api/v1/x?%ED%B0%80=1', 'query'],
  ])('refuses %s naming %s', (url, field) => {
    expect(fieldOf(refuseBadBytesInUrl(url))).toEqual({ code: 'VALIDATION_FAILED', status: 400, field });
  });
});

describe('refuseBadBytesInBody', () => {
  it.each([undefined, null, 1, true, 'plain', { name: '山田🎓', tags: ['a', 'b'], nested: { deep: [{ x: 'ok' }] } }])('lets %j through', (body) => {
    expect(refuseBadBytesInBody(body)).toBeNull();
  });

  it.each([
    ['\u0000', 'body'],
    [{ lastName: '山\u0000田' }, 'lastName'],
    [{ events: [{ params: { note: '\ud800' } }] }, 'events.0.params.note'],
    [{ events: [{ params: { note: 'a\udc00' } }] }, 'events.0.params.note'],
    [{ events: [{ params: { note: '\udc00\ud800' } }] }, 'events.0.params.note'],
    [{ events: [{ params: { 'k\u0000': 1 } }] }, 'events.0.params'],
    [{ '\ud800': 1 }, 'body'],
  ])('refuses %j naming %s', (body, field) => {
    expect(refuseBadBytesInBody(body)?.field).toBe(field);
  });

  it('walks a deeply nested body without overflowing the stack', () => {
    let body: unknown = 'a\u0000';
    for (let depth = 0; depth < 200_000; depth += 1) body = [body];
    expect(refuseBadBytesInBody(body)?.code).toBe('VALIDATION_FAILED');
  });
});
