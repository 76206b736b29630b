import type { LoaderFunctionArgs } from 'react-router-dom';
import { ApiError, setApiErrorHandler } from '../../../lib/api-client';
import { apiErrorResponse, fakeCatalogueApi, requestsOf } from '../../../test/fake-catalogue-api';
import { aCourseCard } from '../../../test/catalogue-fixtures';
import { aLessonDetail } from '../../../test/lesson-fixtures';
import { loadCertificationLessonPage, loadLessonPage, loadVideoLessonPage } from './lesson-page.loaders';
import { isNotFoundResponse, thrown } from '../../../test/loader-errors';

const args = (params: Record<string, string>): LoaderFunctionArgs =>
  ({ request: new Request('http://campus.test/'), params, context: undefined }) as unknown as LoaderFunctionArgs;

const lessonPage = (serviceSlug: string, courseSlug: string, lessonSlug: string) => loadLessonPage(args({ serviceSlug, courseSlug, lessonSlug }));



const seminarLesson = aLessonDetail({
  slug: 'kickoff',
  title: 'キックオフセミナー',
  position: 1,
  previous: null,
  next: null,
  course: { kind: 'seminar', slug: 'ads-kickoff', title: 'LINE広告キックオフ', path: '/line-ads/courses/ads-kickoff', lessonCount: 1 },
});

/** The program's seminar list that names the seminar of `seminarLesson`. */
const kickoffListed = { 'GET /api/v1/seminar-courses': () => [aCourseCard({ kind: 'seminar', slug: 'ads-kickoff', program: 'AD' })] };

let defaultHandler: jest.Mock;
beforeEach(() => {
  defaultHandler = jest.fn();
  setApiErrorHandler(defaultHandler);
});
afterEach(() => setApiErrorHandler(undefined));

describe('loadLessonPage (/{serviceSlug}/courses/{courseSlug}/lessons/{lessonSlug})', () => {
  it("answers the learning course's lesson without asking for a seminar", async () => {
    const fetchMock = fakeCatalogueApi({ 'GET /api/v1/learning-courses/*/lessons/*': () => aLessonDetail() });

    const data = await lessonPage('line-official-account', 'oa-getting-started', 'first-message');

    expect(data).toEqual({ serviceSlug: 'line-official-account', lesson: aLessonDetail() });
    expect(requestsOf(fetchMock)).toEqual([
      'GET /api/v1/seminar-courses?program=OA',
      'GET /api/v1/learning-courses/oa-getting-started/lessons/first-message',
    ]);
  });

  it("asks for the seminar's one lesson straight away when the program lists the course as a seminar", async () => {
    const fetchMock = fakeCatalogueApi({ ...kickoffListed, 'GET /api/v1/seminar-courses/*/lesson': () => seminarLesson });

    const data = await lessonPage('line-ads', 'ads-kickoff', 'kickoff');

    expect(data.lesson.course.kind).toBe('seminar');
    expect(requestsOf(fetchMock)).toEqual(['GET /api/v1/seminar-courses?program=AD', 'GET /api/v1/seminar-courses/ads-kickoff/lesson']);
    // The page handles its own errors: no popup from the API client.
    expect(defaultHandler).not.toHaveBeenCalled();
  });

  it("shows the 404 page when the seminar's lesson has another slug", async () => {
    fakeCatalogueApi({ ...kickoffListed, 'GET /api/v1/seminar-courses/*/lesson': () => seminarLesson });
    expect(isNotFoundResponse(await thrown(lessonPage('line-ads', 'ads-kickoff', 'not-the-lesson')))).toBe(true);
  });

  it('lets the 404 through when neither a learning nor a seminar course has it', async () => {
    const fetchMock = fakeCatalogueApi({ 'GET /api/v1/learning-courses/*/lessons/*': () => apiErrorResponse(404, 'NOT_FOUND') });
    await expect(lessonPage('line-ads', 'nope', 'nope')).rejects.toMatchObject({ status: 404 });
    expect(requestsOf(fetchMock)).not.toContain('GET /api/v1/seminar-courses/nope/lesson');
  });

  it('shows the 404 page for a course of another service, learning or seminar', async () => {
    fakeCatalogueApi({ 'GET /api/v1/learning-courses/*/lessons/*': () => aLessonDetail() });
    expect(isNotFoundResponse(await thrown(lessonPage('yahoo-ads', 'oa-getting-started', 'first-message')))).toBe(true);

    fakeCatalogueApi({
      'GET /api/v1/seminar-courses': () => [aCourseCard({ kind: 'seminar', slug: 'ads-kickoff' })],
      'GET /api/v1/seminar-courses/*/lesson': () => seminarLesson,
    });
    expect(isNotFoundResponse(await thrown(lessonPage('line-official-account', 'ads-kickoff', 'kickoff')))).toBe(true);
  });

  it('passes a 403 (a lesson for logged-in learners) to the page as it is, without a fallback', async () => {
    const fetchMock = fakeCatalogueApi({
      'GET /api/v1/learning-courses/*/lessons/*': () => apiErrorResponse(403, 'FORBIDDEN', 'このレッスンはログインした方だけがご覧いただけます'),
    });
    const error = await thrown(lessonPage('line-official-account', 'members', 'secret'));
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 403, code: 'FORBIDDEN' });
    expect(requestsOf(fetchMock).filter((request) => request.includes('/lesson'))).toHaveLength(1);
    expect(defaultHandler).not.toHaveBeenCalled();
  });

  it('asks nothing for an unknown service slug', async () => {
    const fetchMock = fakeCatalogueApi();
    expect(isNotFoundResponse(await thrown(lessonPage('no-such-service', 'a', 'b')))).toBe(true);
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

describe('loadVideoLessonPage', () => {
  const videoLessonPage = (serviceSlug: string, courseSlug: string, lessonSlug: string) =>
    loadVideoLessonPage(args({ serviceSlug, courseSlug, lessonSlug }));

  it("answers the video course's lesson of the program", async () => {
    const fetchMock = fakeCatalogueApi();
    const data = await videoLessonPage('line-official-account', 'oa-video', 'intro');
    expect(data.lesson.course.kind).toBe('video');
    expect(requestsOf(fetchMock)).toEqual(['GET /api/v1/video-courses/oa-video/lessons/intro']);
  });

  it('shows the 404 page for a service without videos, and for a video of another program', async () => {
    const fetchMock = fakeCatalogueApi();
    expect(isNotFoundResponse(await thrown(videoLessonPage('line-ads', 'oa-video', 'intro')))).toBe(true);
    expect(fetchMock).not.toHaveBeenCalled();
    // The fake's video courses are LINE公式アカウント's.
    expect(isNotFoundResponse(await thrown(videoLessonPage('yahoo-ads', 'oa-video', 'intro')))).toBe(true);
  });
});

describe('loadCertificationLessonPage', () => {
  it('answers the lesson of a certification course', async () => {
    const fetchMock = fakeCatalogueApi();
    const data = await loadCertificationLessonPage(args({ courseSlug: 'line-ads-basic', lessonSlug: 'targeting' }));
    expect(data.courseSlug).toBe('line-ads-basic');
    expect(data.lesson.slug).toBe('targeting');
    expect(requestsOf(fetchMock)).toEqual(['GET /api/v1/certification-courses/line-ads-basic/lessons/targeting']);
  });

  it('asks nothing for a course address that is no slug', async () => {
    const fetchMock = fakeCatalogueApi();
    expect(isNotFoundResponse(await thrown(loadCertificationLessonPage(args({ courseSlug: 'Line_Ads', lessonSlug: 'x' }))))).toBe(true);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('asks the catalogue about any slug-shaped certification course: the studio may have added it', async () => {
    const fetchMock = fakeCatalogueApi();
    await loadCertificationLessonPage(args({ courseSlug: 'studio-made-exam', lessonSlug: 'intro' }));
    expect(requestsOf(fetchMock)).toEqual(['GET /api/v1/certification-courses/studio-made-exam/lessons/intro']);
  });
});
