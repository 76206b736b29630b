import { createActor } from 'xstate';
import { ApiError, setApiErrorHandler } from '../../../lib/api-client';
import { fakeSession } from '../../../test/fake-session';
import { aUser } from '../../../test/fixtures';
import { isNotFoundResponse, thrown } from '../../../test/loader-errors';
import { pretendServed } from '../../../test/served-document';
import { followSession } from '../../../lib/session/known-session';
import { settledKnownSession } from '../../../lib/session/session.machine';
import { loadFeedItem, loadFeedList } from './feed.loaders';

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const apiError = (status: number, code: string) => json({ message: 'エラー', status, code }, status);

const anItem = { id: 'n1', title: '合格おめでとうございます', body: '本文', link: null, publishedAt: '2026-11-22T01:00:00.000Z', isRead: false };
const aPage = (offset = 0) => ({ items: [anItem], total: 45, limit: 20, offset });

describe('feed loaders', () => {
  let fetchMock: jest.SpyInstance;
  const requested = () => fetchMock.mock.calls.map(([url, init]) => ({ url: String(url), cache: (init as RequestInit).cache }));
  const request = (path: string) => new Request(`http://campus.test${path}`);

  beforeEach(() => {
    fetchMock = jest.spyOn(globalThis, 'fetch');
  });

  it('asks for the announcements of the page in the address, 20 a page, never from the HTTP cache', async () => {
    fetchMock.mockResolvedValue(json(aPage(20)));

    const data = await loadFeedList('general', request('/notifications/general?page=2'));

    expect(requested()).toEqual([{ url: '/api/v1/announcements/?limit=20&offset=20', cache: 'no-store' }]);
    expect(data).toEqual({ status: 'ready', feed: 'general', page: 2, feedPage: aPage(20) });
  });

  it('asks for the personal notifications on the personal feed', async () => {
    fetchMock.mockResolvedValue(json(aPage(40)));

    await loadFeedList('personal', request('/notifications/personal?page=3'));

    expect(requested()[0]!.url).toBe('/api/v1/notifications/?limit=20&offset=40');
  });

  it.each(['', '?page=', '?page=abc', '?page=0', '?page=-2', '?page=1.5'])('reads %p as page 1', async (search) => {
    fetchMock.mockResolvedValue(json(aPage()));

    const data = await loadFeedList('general', request(`/notifications/general${search}`));

    expect(data).toMatchObject({ status: 'ready', page: 1 });
    expect(requested()[0]!.url).toBe('/api/v1/announcements/?limit=20&offset=0');
  });

  it('leaves a missing agreement to the personal-feed guard', async () => {
    fetchMock.mockResolvedValueOnce(apiError(400, 'AGREEMENT_REQUIRED'));
    await expect(loadFeedList('personal', request('/notifications/personal'))).resolves.toEqual({
      status: 'needsSession',
      feed: 'personal',
      page: 1,
    });

    fetchMock.mockResolvedValueOnce(apiError(400, 'AGREEMENT_REQUIRED'));
    await expect(loadFeedItem('personal', 'n1', request('/notifications/personal/n1'))).resolves.toEqual({
      status: 'needsSession',
      feed: 'personal',
    });
  });

  it('lets a visitor’s 401 on the personal feed reach the page error (the login popup)', async () => {
    fetchMock.mockResolvedValueOnce(apiError(401, 'LOGIN_REQUIRED'));
    await expect(loadFeedList('personal', request('/notifications/personal'))).rejects.toMatchObject({ status: 401 });
  });

  it('asks nothing for a visitor known as one: the page error is the login popup all the same', async () => {
    const session = createActor(fakeSession({ me: null })).start();
    const stop = followSession(() => settledKnownSession(session));
    await expect(loadFeedList('personal', request('/notifications/personal'))).rejects.toMatchObject({ init: { status: 401 } });
    await expect(loadFeedItem('personal', 'n1', request('/notifications/personal/n1'))).rejects.toMatchObject({ init: { status: 401 } });
    // The general feed is for everyone.
    fetchMock.mockResolvedValue(json(aPage()));
    await loadFeedList('general', request('/notifications/general'));
    expect(requested().map(({ url }) => url)).toEqual(['/api/v1/announcements/?limit=20&offset=0']);
    stop();
  });

  it('asks nothing of the personal feed while the agreements are pending: the guard sends the learner to the top', async () => {
    const session = createActor(fakeSession({ me: aUser({ hasAcceptedAgreements: false }) })).start();
    const stop = followSession(() => settledKnownSession(session));
    await expect(loadFeedList('personal', request('/notifications/personal'))).resolves.toMatchObject({ status: 'needsSession' });
    expect(fetchMock).not.toHaveBeenCalled();
    stop();
  });

  it('asks for one item by the id in the address', async () => {
    fetchMock.mockResolvedValue(json(anItem));

    await expect(loadFeedItem('general', 'a 1', request('/notifications/general/a%201'))).resolves.toEqual({
      status: 'ready',
      feed: 'general',
      item: anItem,
    });
    expect(requested()).toEqual([{ url: '/api/v1/announcements/a%201', cache: 'no-store' }]);
  });

  it('lets an unknown item reach the 404 page, without a popup of its own', async () => {
    const defaultHandling = jest.fn();
    const restore = setApiErrorHandler(defaultHandling);
    fetchMock.mockResolvedValueOnce(apiError(404, 'NOT_FOUND'));

    const failure = loadFeedItem('personal', 'nope', request('/notifications/personal/nope'));

    await expect(failure).rejects.toBeInstanceOf(ApiError);
    await expect(failure).rejects.toMatchObject({ status: 404 });
    expect(defaultHandling).not.toHaveBeenCalled();
    restore();
  });

  it('shows the 404 page at once, asking nothing, when the server answered this very page 404', async () => {
    const path = '/notifications/general/00000000-0000-4000-8000-000000000000';
    const undo = pretendServed(path, 404);
    try {
      expect(isNotFoundResponse(await thrown(loadFeedItem('general', '00000000-0000-4000-8000-000000000000', request(path))))).toBe(true);
      expect(fetchMock).not.toHaveBeenCalled();
    } finally {
      undo();
    }
  });
});
