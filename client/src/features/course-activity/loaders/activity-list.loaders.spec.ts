import { ApiError, setApiErrorHandler } from '../../../lib/api-client';
import { loadHistoryPage, loadWishlistPage } from './activity-list.loaders';

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

describe('activity list loaders', () => {
  let fetchMock: jest.SpyInstance;
  const requestedUrls = () => fetchMock.mock.calls.map(([url]) => String(url));

  beforeEach(() => {
    fetchMock = jest.spyOn(globalThis, 'fetch');
  });

  it('asks for one page of 20 visited courses of the chosen type', async () => {
    fetchMock.mockResolvedValue(json({ items: [], total: 41 }));

    const data = await loadHistoryPage(new Request('http://campus.test/mypage/history?type=seminar&page=3'));

    expect(requestedUrls()).toEqual(['/api/v2/course-history?limit=20&offset=40&type=seminar']);
    expect(data).toEqual({ status: 'ready', query: { type: 'seminar', page: 3 }, history: { items: [], total: 41 } });
  });

  it('asks for every kind without a type', async () => {
    fetchMock.mockResolvedValue(json([]));
    const data = await loadWishlistPage(new Request('http://campus.test/mypage/wishlist?type=nonsense'));
    expect(requestedUrls()).toEqual(['/api/v2/favorite-courses']);
    expect(data).toEqual({ status: 'ready', query: { type: null, page: 1 }, courses: [] });
  });

  it('leaves a missing login or agreement to the route guard', async () => {
    fetchMock.mockResolvedValueOnce(json({ message: 'ログインしてください', status: 401, code: 'LOGIN_REQUIRED' }, 401));
    await expect(loadHistoryPage(new Request('http://campus.test/mypage/history'))).resolves.toEqual({
      status: 'needsSession',
      query: { type: null, page: 1 },
    });

    fetchMock.mockResolvedValueOnce(json({ message: '同意が必要です', status: 400, code: 'AGREEMENT_REQUIRED' }, 400));
    await expect(loadWishlistPage(new Request('http://campus.test/mypage/wishlist?type=learning'))).resolves.toEqual({
      status: 'needsSession',
      query: { type: 'learning', page: 1 },
    });
  });

  it('lets every other failure reach the route error page, without a popup of its own', async () => {
    const defaultHandling = jest.fn();
    const restore = setApiErrorHandler(defaultHandling);
    fetchMock.mockResolvedValueOnce(json({ message: 'エラーが発生しました', status: 500, code: 'INTERNAL_ERROR' }, 500));
    const failure = loadHistoryPage(new Request('http://campus.test/mypage/history'));
    await expect(failure).rejects.toBeInstanceOf(ApiError);
    await expect(failure).rejects.toMatchObject({ status: 500 });

    fetchMock.mockResolvedValueOnce(json({ message: '入力が正しくありません', status: 400, code: 'VALIDATION_FAILED' }, 400));
    await expect(loadWishlistPage(new Request('http://campus.test/mypage/wishlist'))).rejects.toMatchObject({ status: 400 });
    expect(defaultHandling).not.toHaveBeenCalled();
    restore();
  });
});
