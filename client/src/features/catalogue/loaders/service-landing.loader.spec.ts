import type { LoaderFunctionArgs } from 'react-router-dom';
import { createActor } from 'xstate';
import { setApiErrorHandler } from '../../../lib/api-client';
import { aCourseCard } from '../../../test/catalogue-fixtures';
import { apiErrorResponse, fakeCatalogueApi, requestsOf } from '../../../test/fake-catalogue-api';
import { fakeSession } from '../../../test/fake-session';
import { followSession } from '../../../lib/session/known-session';
import { settledKnownSession } from '../../../lib/session/session.machine';
import { loadHome } from './home.loader';
import { loadServiceLanding } from './service-landing.loader';

const args = (path: string, params: Record<string, string> = {}): LoaderFunctionArgs =>
  ({ request: new Request(`http://campus.test${path}`), params, context: undefined }) as unknown as LoaderFunctionArgs;

const listRequests = (fetchMock: jest.Mock) => requestsOf(fetchMock).filter((request) => request.includes('learning-courses'));

beforeEach(() => setApiErrorHandler(jest.fn()));
afterEach(() => setApiErrorHandler(undefined));

describe('loadServiceLanding (/{serviceSlug})', () => {
  it('fetches the categories, the page of courses the address asks for and the seminars', async () => {
    const fetchMock = fakeCatalogueApi({ 'GET /api/v1/seminar-courses': () => [aCourseCard({ kind: 'seminar', slug: 's' })] });

    const data = await loadServiceLanding(
      args('/line-ads?level=BEGINNER,FOO&category=basics&page=2', { serviceSlug: 'line-ads' }),
    );

    expect(requestsOf(fetchMock).sort()).toEqual([
      'GET /api/v1/categories/?program=AD',
      'GET /api/v1/learning-courses/?program=AD&level=BEGINNER&category=basics&page=2&limit=12',
      'GET /api/v1/programs/',
      'GET /api/v1/seminar-courses?program=AD',
    ]);
    expect(data.description).toBe('広告運用の基本を学びます。');
    expect(data.filters).toEqual({ levels: ['BEGINNER'], categories: ['basics'], notTaken: false, isFavorite: false, page: 2 });
    expect(data.seminars.map((course) => course.slug)).toEqual(['s']);
    expect(data.personalFiltersIgnored).toBe(false);
  });

  it('sends the learner filters as isStarted=false and isFavorite=true', async () => {
    const fetchMock = fakeCatalogueApi();
    await loadServiceLanding(args('/yahoo-ads?notTaken=true&isFavorite=true', { serviceSlug: 'yahoo-ads' }));
    expect(listRequests(fetchMock)).toEqual(['GET /api/v1/learning-courses/?program=Y_ADS&isStarted=false&isFavorite=true&page=1&limit=12']);
  });

  it('shows a visitor the list without the learner filters instead of a login prompt', async () => {
    const fetchMock = fakeCatalogueApi({
      'GET /api/v1/learning-courses': (url) =>
        url.searchParams.has('isStarted') ? apiErrorResponse(401, 'LOGIN_REQUIRED', 'ログインしてください') : { items: [aCourseCard()], total: 1, page: 1, limit: 12 },
    });

    const data = await loadServiceLanding(args('/line-official-account?level=ADVANCED&notTaken=true', { serviceSlug: 'line-official-account' }));

    expect(listRequests(fetchMock)).toEqual([
      'GET /api/v1/learning-courses/?program=OA&level=ADVANCED&isStarted=false&page=1&limit=12',
      'GET /api/v1/learning-courses/?program=OA&level=ADVANCED&page=1&limit=12',
    ]);
    expect(data.personalFiltersIgnored).toBe(true);
    expect(data.filters).toMatchObject({ levels: ['ADVANCED'], notTaken: false });
    expect(data.courses.total).toBe(1);
  });

  it('asks a known visitor for the list without the learner filters straight away (no 401)', async () => {
    const session = createActor(fakeSession({ me: null })).start();
    const stop = followSession(() => settledKnownSession(session));
    const fetchMock = fakeCatalogueApi();

    const data = await loadServiceLanding(args('/line-official-account?level=ADVANCED&notTaken=true', { serviceSlug: 'line-official-account' }));

    expect(listRequests(fetchMock)).toEqual(['GET /api/v1/learning-courses/?program=OA&level=ADVANCED&page=1&limit=12']);
    expect(data.personalFiltersIgnored).toBe(true);
    stop();
  });

  it('lets other failures reach the page', async () => {
    fakeCatalogueApi({ 'GET /api/v1/learning-courses': () => apiErrorResponse(500, 'INTERNAL_ERROR') });
    await expect(loadServiceLanding(args('/line-ads', { serviceSlug: 'line-ads' }))).rejects.toMatchObject({ status: 500 });
  });
});

describe('loadHome (/)', () => {
  it('asks for the pickup, the campaign and, per service, its categories and first three courses', async () => {
    const fetchMock = fakeCatalogueApi();

    const data = await loadHome(args('/'));

    expect(requestsOf(fetchMock).sort()).toEqual([
      'GET /api/v1/campaign',
      'GET /api/v1/categories/?program=AD',
      'GET /api/v1/categories/?program=OA',
      'GET /api/v1/categories/?program=Y_ADS',
      'GET /api/v1/featured/',
      'GET /api/v1/learning-courses/?program=AD&page=1&limit=3',
      'GET /api/v1/learning-courses/?program=OA&page=1&limit=3',
      'GET /api/v1/learning-courses/?program=Y_ADS&page=1&limit=3',
      'GET /api/v1/programs/',
    ]);
    expect(data.services.map((service) => service.serviceSlug)).toEqual(['line-official-account', 'line-ads', 'yahoo-ads']);
    expect(data.services[2]!.description).toBe('検索広告とディスプレイ広告を学びます。');
  });

  it('reads a 404 from the campaign as "no campaign running"', async () => {
    fakeCatalogueApi();
    expect((await loadHome(args('/'))).campaign).toBeNull();
  });

  it('fails the page when the catalogue cannot be read', async () => {
    fakeCatalogueApi({ 'GET /api/v1/featured': () => apiErrorResponse(500, 'INTERNAL_ERROR') });
    await expect(loadHome(args('/'))).rejects.toMatchObject({ status: 500 });
  });
});
