import { API_ROUTES } from '../../contracts/api-routes';
import { clientAddressKey, rateLimitClassOf } from './route-rate-limits';

describe('rate-limit classes of the routes (contracts/api-routes.ts)', () => {
  it('gives every state-changing route a class, so a new write cannot be left unlimited', () => {
    const unclassed = API_ROUTES.filter((route) => route.method !== 'GET' && !route.rateLimit).map((route) => `${route.method} ${route.path}`);
    expect(unclassed).toEqual([]);
  });

  it.each([
    ['GET', '/api/v1/login', 'login'],
    ['HEAD', '/api/v1/login', 'login'],
    ['GET', '/api/v1/login/callback', 'login'],
    ['POST', '/api/v1/shorten-url', 'anonymousWrite'],
    ['POST', '/api/v1/analytics/events', 'anonymousWrite'],
    ['POST', '/api/v1/questionnaires/lesson/answers', 'anonymousWrite'],
    ['PUT', '/api/v1/learning-courses/:courseSlug/is-favorite', 'learnerWrite'],
    ['POST', '/api/v1/check-is-printable-name', 'learnerWrite'],
    ['POST', '/api/v1/video-courses/:courseSlug/feedback', 'learnerWrite'],
    ['POST', '/api/v1/certification-courses/:certificationCourseSlug/exam/start/', 'learnerWrite'],
    ['POST', '/api/v1/generate-logout-url', 'learnerWrite'],
    ['PUT', '/api/v1/exam-sessions/:examSessionId/answers/:questionId', 'examAnswer'],
    ['POST', '/api/v1/admin/announcements', 'adminWrite'],
    ['POST', '/api/v1/admin/queues/:queueName/failed/:jobId/retry', 'adminWrite'],
  ])('%s %s (as Fastify names it) → %s', (method, url, expected) => {
    expect(rateLimitClassOf(method, url)).toBe(expected);
  });

  it.each([
    ['GET', '/api/v1/learning-courses/'],
    ['GET', '/api/v1/exam-sessions/:examSessionId/answers/:questionId'],
    ['POST', '/api/v1/no-such-route'],
    ['GET', undefined],
  ])('leaves %s %s unlimited', (method, url) => {
    expect(rateLimitClassOf(method, url)).toBeUndefined();
  });
});

describe('clientAddressKey', () => {
  it.each([
    ['203.0.113.9', '203.0.113.9'],
    ['::ffff:203.0.113.9', '203.0.113.9'],
    ['2001:db8:1:2::1', '2001:db8:1:2::/64'],
    ['2001:db8:1:2:ffff:ffff:ffff:ffff', '2001:db8:1:2::/64'],
    ['2001:0db8:0001:0002:0000:0000:0000:0001', '2001:db8:1:2::/64'],
    ['not-an-address', 'not-an-address'],
  ])('%s → %s', (ip, key) => {
    expect(clientAddressKey(ip)).toBe(key);
  });
});
