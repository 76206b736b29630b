import type { LoaderFunctionArgs } from 'react-router-dom';
import { ApiError, setApiErrorHandler } from '../../../lib/api-client';
import { aCourseCard, aCourseDetail } from '../../../test/catalogue-fixtures';
import { apiErrorResponse, fakeCatalogueApi, requestsOf } from '../../../test/fake-catalogue-api';
import { loadCoursePage, loadVideoCoursePage } from './course-page.loader';
import { isNotFoundResponse, thrown } from '../../../test/loader-errors';

const args = (path: string, params: Record<string, string>): LoaderFunctionArgs =>
  ({ request: new Request(`http://campus.test${path}`), params, context: undefined }) as unknown as LoaderFunctionArgs;

const coursePage = (serviceSlug: string, courseSlug: string) =>
  loadCoursePage(args(`/${serviceSlug}/courses/${courseSlug}`, { serviceSlug, courseSlug }));



let defaultHandler: jest.Mock;
beforeEach(() => {
  defaultHandler = jest.fn();
  setApiErrorHandler(defaultHandler);
});
afterEach(() => setApiErrorHandler(undefined));

describe('loadCoursePage (/{serviceSlug}/courses/{courseSlug})', () => {
  it("answers the learning course when the program's seminar list does not name it, without asking for a seminar", async () => {
    const fetchMock = fakeCatalogueApi({
      'GET /api/v1/learning-courses/*': () => aCourseDetail({ slug: 'oa-grow-friends', program: 'OA' }),
    });

    const data = await coursePage('line-official-account', 'oa-grow-friends');

    expect(data.serviceSlug).toBe('line-official-account');
    expect(data.course).toMatchObject({ kind: 'learning', slug: 'oa-grow-friends' });
    expect(requestsOf(fetchMock)).toEqual(['GET /api/v1/seminar-courses?program=OA', 'GET /api/v1/learning-courses/oa-grow-friends']);
  });

  it('asks the seminar endpoint straight away for a seminar of the list: no learning-course 404', async () => {
    const fetchMock = fakeCatalogueApi({
      'GET /api/v1/seminar-courses': () => [aCourseCard({ kind: 'seminar', slug: 'line-ads-kickoff-seminar', program: 'AD' })],
      'GET /api/v1/seminar-courses/*': () => aCourseDetail({ kind: 'seminar', slug: 'line-ads-kickoff-seminar', program: 'AD' }),
    });

    const data = await coursePage('line-ads', 'line-ads-kickoff-seminar');
    expect(data.course).toMatchObject({ kind: 'seminar', slug: 'line-ads-kickoff-seminar' });
    // The list is kept: the next page of the program asks the course only.
    await coursePage('line-ads', 'line-ads-kickoff-seminar');

    expect(requestsOf(fetchMock)).toEqual([
      'GET /api/v1/seminar-courses?program=AD',
      'GET /api/v1/seminar-courses/line-ads-kickoff-seminar',
      'GET /api/v1/seminar-courses/line-ads-kickoff-seminar',
    ]);
    // The loader's errors belong to the page: no popup from the API client.
    expect(defaultHandler).not.toHaveBeenCalled();
  });

  describe("with the kind the server wrote into the page's HTML", () => {
    const writeFactsText = (text: string) => {
      const element = document.createElement('script');
      element.type = 'application/json';
      element.id = 'page-facts';
      element.textContent = text;
      document.head.append(element);
    };
    const writeFacts = (facts: unknown) => writeFactsText(JSON.stringify(facts));
    afterEach(() => document.getElementById('page-facts')?.remove());

    it('asks that endpoint at once, with no seminar list, for the address the HTML was answered for', async () => {
      const fetchMock = fakeCatalogueApi({
        'GET /api/v1/seminar-courses/*': () => aCourseDetail({ kind: 'seminar', slug: 'line-ads-kickoff-seminar', program: 'AD' }),
      });
      writeFacts({ path: '/line-ads/courses/line-ads-kickoff-seminar', courseKind: 'seminar' });

      const data = await coursePage('line-ads', 'line-ads-kickoff-seminar');

      expect(data.course).toMatchObject({ kind: 'seminar', slug: 'line-ads-kickoff-seminar' });
      expect(requestsOf(fetchMock)).toEqual(['GET /api/v1/seminar-courses/line-ads-kickoff-seminar']);
    });

    it('goes by the seminar list on any other address, and when the facts are not its shape', async () => {
      const fetchMock = fakeCatalogueApi({ 'GET /api/v1/learning-courses/*': () => aCourseDetail({ slug: 'line-ads-basics', program: 'AD' }) });
      writeFacts({ path: '/line-ads/courses/line-ads-kickoff-seminar', courseKind: 'seminar' });
      await coursePage('line-ads', 'line-ads-basics');
      expect(requestsOf(fetchMock)).toEqual(['GET /api/v1/seminar-courses?program=AD', 'GET /api/v1/learning-courses/line-ads-basics']);

      const again = fakeCatalogueApi({ 'GET /api/v1/learning-courses/*': () => aCourseDetail({ slug: 'line-ads-basics', program: 'AD' }) });
      document.getElementById('page-facts')!.textContent = '{"path": "/line-ads/courses/line-ads-basics", "courseKind": "webinar"}';
      await coursePage('line-ads', 'line-ads-basics');
      expect(requestsOf(again)).toEqual(['GET /api/v1/seminar-courses?program=AD', 'GET /api/v1/learning-courses/line-ads-basics']);
    });

    it('goes by the seminar list when the element holds text that is not JSON', async () => {
      const fetchMock = fakeCatalogueApi({ 'GET /api/v1/learning-courses/*': () => aCourseDetail({ slug: 'line-ads-basics', program: 'AD' }) });
      writeFactsText('{"path": "/line-ads/courses/line-ads-basics", "courseKind": "learn');

      const data = await coursePage('line-ads', 'line-ads-basics');

      expect(data.course).toMatchObject({ kind: 'learning', slug: 'line-ads-basics' });
      expect(requestsOf(fetchMock)).toEqual(['GET /api/v1/seminar-courses?program=AD', 'GET /api/v1/learning-courses/line-ads-basics']);
    });

    it('goes the usual way when the course at that address is no longer of the kind the HTML said', async () => {
      const fetchMock = fakeCatalogueApi({
        'GET /api/v1/seminar-courses/*': () => apiErrorResponse(404, 'NOT_FOUND'),
        'GET /api/v1/learning-courses/*': () => aCourseDetail({ slug: 'line-ads-basics', program: 'AD' }),
      });
      writeFacts({ path: '/line-ads/courses/line-ads-basics', courseKind: 'seminar' });

      const data = await coursePage('line-ads', 'line-ads-basics');

      expect(data.course).toMatchObject({ kind: 'learning', slug: 'line-ads-basics' });
      expect(requestsOf(fetchMock)).toEqual(['GET /api/v1/seminar-courses/line-ads-basics', 'GET /api/v1/learning-courses/line-ads-basics']);
      expect(defaultHandler).not.toHaveBeenCalled();
    });

    it('asks the seminar endpoint once, with no list, when a course told as learning has become a seminar', async () => {
      const fetchMock = fakeCatalogueApi({
        'GET /api/v1/learning-courses/*': () => apiErrorResponse(404, 'NOT_FOUND'),
        'GET /api/v1/seminar-courses/*': () => aCourseDetail({ kind: 'seminar', slug: 'line-ads-kickoff-seminar', program: 'AD' }),
      });
      writeFacts({ path: '/line-ads/courses/line-ads-kickoff-seminar', courseKind: 'learning' });

      const data = await coursePage('line-ads', 'line-ads-kickoff-seminar');

      expect(data.course).toMatchObject({ kind: 'seminar' });
      expect(requestsOf(fetchMock)).toEqual([
        'GET /api/v1/learning-courses/line-ads-kickoff-seminar',
        'GET /api/v1/seminar-courses/line-ads-kickoff-seminar',
      ]);
    });

    it('lets the 404 through when neither endpoint has the course the HTML named', async () => {
      const fetchMock = fakeCatalogueApi({
        'GET /api/v1/seminar-courses/*': () => apiErrorResponse(404, 'NOT_FOUND'),
        'GET /api/v1/learning-courses/*': () => apiErrorResponse(404, 'NOT_FOUND'),
      });
      writeFacts({ path: '/line-ads/courses/line-ads-basics', courseKind: 'seminar' });

      await expect(coursePage('line-ads', 'line-ads-basics')).rejects.toMatchObject({ status: 404 });
      expect(requestsOf(fetchMock)).toEqual(['GET /api/v1/seminar-courses/line-ads-basics', 'GET /api/v1/learning-courses/line-ads-basics']);
    });
  });

  it('asks the list again before a 404 stands: a seminar published since the list was kept', async () => {
    let seminars: ReturnType<typeof aCourseCard>[] = [];
    const fetchMock = fakeCatalogueApi({
      'GET /api/v1/seminar-courses': () => seminars,
      'GET /api/v1/learning-courses/*': () => apiErrorResponse(404, 'NOT_FOUND'),
      'GET /api/v1/seminar-courses/*': () => aCourseDetail({ kind: 'seminar', slug: 'new-seminar', program: 'AD' }),
    });
    await coursePage('line-ads', 'line-ads-basics').catch(() => undefined);
    seminars = [aCourseCard({ kind: 'seminar', slug: 'new-seminar', program: 'AD' })];
    fetchMock.mockClear();

    const data = await coursePage('line-ads', 'new-seminar');

    expect(data.course).toMatchObject({ kind: 'seminar', slug: 'new-seminar' });
    expect(requestsOf(fetchMock)).toEqual([
      'GET /api/v1/learning-courses/new-seminar',
      'GET /api/v1/seminar-courses?program=AD',
      'GET /api/v1/seminar-courses/new-seminar',
    ]);
  });

  it('lets the 404 through when neither kind has the slug (the 404 page), without asking a seminar the list does not name', async () => {
    const fetchMock = fakeCatalogueApi({ 'GET /api/v1/learning-courses/*': () => apiErrorResponse(404, 'NOT_FOUND') });
    await expect(coursePage('line-ads', 'nope')).rejects.toMatchObject({ status: 404 });
    expect(requestsOf(fetchMock)).not.toContain('GET /api/v1/seminar-courses/nope');
  });

  it('without a seminar list (offline), asks the learning course, then the seminar, as before', async () => {
    const fetchMock = fakeCatalogueApi({
      'GET /api/v1/seminar-courses': () => Promise.reject(new TypeError('Failed to fetch')),
      'GET /api/v1/learning-courses/*': () => apiErrorResponse(404, 'NOT_FOUND'),
      'GET /api/v1/seminar-courses/*': () => aCourseDetail({ kind: 'seminar', slug: 'line-ads-kickoff-seminar', program: 'AD' }),
    });
    const data = await coursePage('line-ads', 'line-ads-kickoff-seminar');
    expect(data.course.kind).toBe('seminar');
    expect(requestsOf(fetchMock).filter((request) => !request.includes('?program='))).toEqual([
      'GET /api/v1/learning-courses/line-ads-kickoff-seminar',
      'GET /api/v1/seminar-courses/line-ads-kickoff-seminar',
    ]);
  });

  it('shows the 404 page for a course of another program', async () => {
    fakeCatalogueApi({ 'GET /api/v1/learning-courses/*': () => aCourseDetail({ slug: 'oa-grow-friends', program: 'OA' }) });
    expect(isNotFoundResponse(await thrown(coursePage('yahoo-ads', 'oa-grow-friends')))).toBe(true);
  });

  it('checks the seminar against the program too', async () => {
    fakeCatalogueApi({
      'GET /api/v1/seminar-courses': () => [aCourseCard({ kind: 'seminar', slug: 'x' })],
      'GET /api/v1/seminar-courses/*': () => aCourseDetail({ kind: 'seminar', program: 'Y_ADS' }),
    });
    expect(isNotFoundResponse(await thrown(coursePage('line-official-account', 'x')))).toBe(true);
  });

  it('does not fall back on other errors: a 403 (logged-in-only course) reaches the page as it is', async () => {
    const fetchMock = fakeCatalogueApi({
      'GET /api/v1/learning-courses/*': () => apiErrorResponse(403, 'FORBIDDEN', 'このコースはログインした方だけがご覧いただけます'),
    });
    const error = await thrown(coursePage('line-official-account', 'members-only'));
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 403, code: 'FORBIDDEN' });
    expect(requestsOf(fetchMock)).toEqual(['GET /api/v1/seminar-courses?program=OA', 'GET /api/v1/learning-courses/members-only']);
  });

  it('asks nothing for an unknown service slug', async () => {
    const fetchMock = fakeCatalogueApi();
    expect(isNotFoundResponse(await thrown(coursePage('no-such-service', 'a')))).toBe(true);
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

describe('loadVideoCoursePage (/learn-with-video/{serviceSlug}/courses/{courseSlug})', () => {
  const videoPage = (serviceSlug: string, courseSlug: string) =>
    loadVideoCoursePage(args(`/learn-with-video/${serviceSlug}/courses/${courseSlug}`, { serviceSlug, courseSlug }));

  it('answers the video course of the program', async () => {
    const fetchMock = fakeCatalogueApi({
      'GET /api/v1/video-courses/*': () => aCourseDetail({ kind: 'video', slug: 'search-ads-quick-start', program: 'Y_ADS' }),
    });
    const data = await videoPage('yahoo-ads', 'search-ads-quick-start');
    expect(data.course.kind).toBe('video');
    expect(requestsOf(fetchMock)).toEqual(['GET /api/v1/video-courses/search-ads-quick-start']);
  });

  it('shows the 404 page for a service without videos or a video of another program', async () => {
    const fetchMock = fakeCatalogueApi({ 'GET /api/v1/video-courses/*': () => aCourseDetail({ kind: 'video', program: 'OA' }) });
    expect(isNotFoundResponse(await thrown(videoPage('line-ads', 'a')))).toBe(true);
    expect(fetchMock).not.toHaveBeenCalled();
    expect(isNotFoundResponse(await thrown(videoPage('yahoo-ads', 'a')))).toBe(true);
  });
});
