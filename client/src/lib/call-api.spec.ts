/**
 * @jest-environment node
 */
import { setFavorite } from '@campus/contracts/routes/course-activity';
import { saveAnswer } from '@campus/contracts/routes/certification';
import { listProgramCourses } from '@campus/contracts/routes/catalogue';
import { getMe } from '@campus/contracts/routes/me';
import { callApi, pathOf } from './call-api';

const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });

describe('pathOf', () => {
  it('fills the parameters, each as one encoded segment, and the course kind', () => {
    expect(pathOf(saveAnswer, { examSessionId: 'e/1', questionId: 'q 2' })).toBe('/api/v1/exam-sessions/e%2F1/answers/q%202');
    expect(pathOf(setFavorite, { kind: 'seminar', courseSlug: 'oa-seminar' })).toBe('/api/v1/seminar-courses/oa-seminar/is-favorite');
    expect(pathOf(getMe)).toBe('/api/v1/me');
    // @ts-expect-error video courses have no wish-list route
    pathOf(setFavorite, { kind: 'video', courseSlug: 'x' });
  });
});

describe('callApi', () => {
  let fetchMock: jest.SpyInstance;
  beforeEach(() => {
    fetchMock = jest.spyOn(globalThis, 'fetch').mockImplementation(async () => json({ value: true }));
  });
  afterEach(() => fetchMock.mockRestore());

  it("sends the route's method, the body as JSON and the query", async () => {
    await expect(callApi(setFavorite, { params: { kind: 'learning', courseSlug: 'a' }, body: { value: true } })).resolves.toEqual({ value: true });
    await callApi(listProgramCourses, { params: { kind: 'video' }, query: { program: 'OA' } });
    const [[firstUrl, first], [secondUrl, second]] = fetchMock.mock.calls as [string, RequestInit][];
    expect([firstUrl, first.method, first.body]).toEqual(['/api/v1/learning-courses/a/is-favorite', 'PUT', '{"value":true}']);
    expect([secondUrl, second.method, second.body]).toEqual(['/api/v1/video-courses?program=OA', 'GET', undefined]);
  });

  it('types the body from the route', () => {
    // @ts-expect-error the favorite body is { value: boolean }
    void callApi(setFavorite, { params: { kind: 'learning', courseSlug: 'a' }, body: { value: 'yes' } });
  });
});
