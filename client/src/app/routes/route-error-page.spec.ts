import { ApiError } from '../../lib/api-client';
import { classifyPageError } from './route-error-page';

const apiError = (status: number, code: ConstructorParameters<typeof ApiError>[0]['code']) =>
  new ApiError({ message: 'このコースはログインした方だけがご覧いただけます', status, code });

/** What the router hands to the error element for a loader's `throw data(null, { status: 404 })`. */
const thrownResponse = (status: number) => ({ status, statusText: 'Not Found', internal: false, data: null });

describe('classifyPageError (spec §8, page level)', () => {
  it.each([
    '/line-ads/courses/line-ads-basics',
    '/line-ads/courses/line-ads-basics/',
    '/learn-with-video/yahoo-ads/courses/search-ads-quick-start',
    '/lineyahoo-marketing-skill-badge/courses/line-ads-basic',
  ])('asks a visitor to log in for a logged-in-only course at %s', (path) => {
    expect(classifyPageError(apiError(403, 'FORBIDDEN'), path)).toEqual({ kind: 'login' });
  });

  it('keeps the generic alert for other 403s on a course page (e.g. a refused request)', () => {
    expect(classifyPageError(apiError(403, 'XHR_HEADER_REQUIRED'), '/line-ads/courses/a').kind).toBe('alert');
  });

  it('keeps the generic alert for a 403 outside course and lesson pages', () => {
    expect(classifyPageError(apiError(403, 'FORBIDDEN'), '/line-ads').kind).toBe('alert');
    expect(classifyPageError(apiError(403, 'FORBIDDEN'), '/lineyahoo-marketing-skill-badge/courses/line-ads-basic/exam-result').kind).toBe('alert');
  });

  it.each([
    '/line-ads/courses/a/lessons/b',
    '/learn-with-video/yahoo-ads/courses/a/lessons/b/',
    '/lineyahoo-marketing-skill-badge/courses/line-ads-basic/lessons/b',
  ])('asks a visitor on a logged-in-only lesson (403) with the lesson login popup at %s', (path) => {
    expect(classifyPageError(apiError(403, 'FORBIDDEN'), path)).toEqual({ kind: 'lessonLogin' });
  });

  it('asks to log in with the generic login popup for any 401, lesson pages included', () => {
    expect(classifyPageError(apiError(401, 'LOGIN_REQUIRED'), '/line-ads').kind).toBe('login');
    expect(classifyPageError(apiError(401, 'LOGIN_REQUIRED'), '/line-ads/courses/a/lessons/b').kind).toBe('login');
  });

  it('shows the 404 page for an unknown course, from the API or from a loader', () => {
    expect(classifyPageError(apiError(404, 'NOT_FOUND'), '/line-ads/courses/nope').kind).toBe('notFound');
    expect(classifyPageError(thrownResponse(404), '/line-ads/courses/nope').kind).toBe('notFound');
  });
});
