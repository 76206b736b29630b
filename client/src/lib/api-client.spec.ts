/**
 * @jest-environment node
 */
// Node's own fetch/Request/Response: the fakes answer with real Response objects.
import {
  ApiError,
  apiClient,
  apiRequest,
  errorMessageOf,
  INVALID_RESPONSE_CODE,
  NETWORK_ERROR_MESSAGE,
  setApiErrorHandler,
  UNKNOWN_ERROR_MESSAGE,
} from './api-client';

type FetchArgs = [input: string, init: RequestInit];

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

let fetchMock: jest.Mock<Promise<Response>, FetchArgs>;

beforeEach(() => {
  fetchMock = jest.fn<Promise<Response>, FetchArgs>();
  jest.spyOn(globalThis, 'fetch').mockImplementation(fetchMock as unknown as typeof fetch);
});

afterEach(() => setApiErrorHandler(undefined));

const lastCall = () => {
  const call = fetchMock.mock.calls.at(-1);
  if (!call) throw new Error('fetch was not called');
  const [url, init] = call;
  return { url, init, headers: new Headers(init.headers) };
};

async function rejection(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error('expected the request to reject');
}

describe('api client', () => {
  it('sends X-Requested-With on every request, same-origin credentials, and no body on a GET', async () => {
    fetchMock.mockResolvedValue(json({ value: 1 }));

    await expect(apiClient.get('/api/v1/now/')).resolves.toEqual({ value: 1 });

    const { url, init, headers } = lastCall();
    expect(url).toBe('/api/v1/now/');
    expect(init.method).toBe('GET');
    expect(init.credentials).toBe('same-origin');
    expect(headers.get('X-Requested-With')).toBe('XMLHttpRequest');
    expect(headers.get('Content-Type')).toBeNull();
    expect(init.body).toBeUndefined();
  });

  it('asks for keepalive only when the caller does (a request that must outlive the page)', async () => {
    fetchMock.mockImplementation(async () => json({ visitedAt: '2026-01-01T00:00:00.000Z' }));

    await apiRequest('/api/v1/learning-courses/a/mark-as-visited', { method: 'PUT', keepalive: true });
    expect(lastCall().init.keepalive).toBe(true);
    await apiRequest('/api/v1/now/');
    expect(lastCall().init.keepalive).toBeUndefined();
  });

  it('sends a JSON body with the JSON content type', async () => {
    fetchMock.mockResolvedValue(json({ value: 'http://idp/end' }));

    await apiClient.post('/api/v1/generate-logout-url/', { redirectPath: 'http://localhost:3000' });

    const { init, headers } = lastCall();
    expect(init.method).toBe('POST');
    expect(headers.get('Content-Type')).toBe('application/json');
    expect(headers.get('X-Requested-With')).toBe('XMLHttpRequest');
    expect(init.body).toBe('{"redirectPath":"http://localhost:3000"}');
  });

  it('posts without a body or content type when there is nothing to send', async () => {
    fetchMock.mockResolvedValue(json({ termsVersion: '1', acceptedAt: '2026-01-01T00:00:00.000Z' }));

    await apiClient.post('/api/v1/agreements/accept');

    const { init, headers } = lastCall();
    expect(init.body).toBeUndefined();
    expect(headers.get('Content-Type')).toBeNull();
  });

  it('builds the query string and bypasses the cache on request', async () => {
    fetchMock.mockResolvedValue(json([]));

    await apiClient.get('/api/v1/learning-courses/', {
      query: { program: ['OA', 'AD'], limit: 20, offset: undefined, q: '広告' },
      noCache: true,
    });

    const { url, init } = lastCall();
    expect(url).toBe(`/api/v1/learning-courses/?program=OA&program=AD&limit=20&q=${encodeURIComponent('広告')}`);
    expect(init.cache).toBe('no-store');
  });

  it('resolves undefined for an empty success body', async () => {
    fetchMock.mockResolvedValue(new Response(null, { status: 204 }));
    await expect(apiClient.put('/api/v1/notifications/mark-as-read')).resolves.toBeUndefined();
  });

  it('rejects with message, status, code and field from the error envelope', async () => {
    fetchMock.mockResolvedValue(
      json({ message: '50文字以内で入力してください', status: 400, code: 'VALIDATION_FAILED', field: 'lastName' }, 400),
    );

    const error = await rejection(apiClient.put('/api/v1/me', { lastName: 'x'.repeat(51) }));

    expect(error).toBeInstanceOf(Error);
    expect(error.message).toBe('50文字以内で入力してください');
    expect(error.status).toBe(400);
    expect(error.code).toBe('VALIDATION_FAILED');
    expect(error.field).toBe('lastName');
  });

  it('rejects a network failure with status 0, NETWORK_ERROR and the communication-error message', async () => {
    fetchMock.mockRejectedValue(new TypeError('fetch failed'));

    const error = await rejection(apiClient.get('/api/v1/me'));

    expect(error.status).toBe(0);
    expect(error.code).toBe('NETWORK_ERROR');
    expect(error.message).toBe('エラーが発生しました。通信環境をご確認のうえ、再度実行してください。');
    expect(error.message).toBe(NETWORK_ERROR_MESSAGE);
    expect(error.isNetworkError).toBe(true);
  });

  it('still rejects with an ApiError carrying the status when the error body is not JSON', async () => {
    fetchMock.mockResolvedValue(
      new Response('<html><body>Bad Gateway</body></html>', { status: 502, headers: { 'content-type': 'text/html' } }),
    );

    const error = await rejection(apiClient.get('/api/v1/me'));

    expect(error.status).toBe(502);
    expect(error.code).toBe('UNKNOWN_ERROR');
    expect(error.message).toBe(UNKNOWN_ERROR_MESSAGE);
  });

  it('lets an aborted request reject with the AbortError itself', async () => {
    const abort = new DOMException('The operation was aborted.', 'AbortError');
    fetchMock.mockRejectedValue(abort);
    const handler = jest.fn();
    setApiErrorHandler(handler);

    await expect(apiClient.get('/api/v1/me', { signal: AbortSignal.abort() })).rejects.toBe(abort);
    expect(handler).not.toHaveBeenCalled();
  });

  it('hands failures to the default handler unless their status is skipped', async () => {
    const handler = jest.fn<void, [ApiError, { method: string }]>();
    setApiErrorHandler(handler);
    fetchMock.mockImplementation(async () => json({ message: 'ログインしてください', status: 401, code: 'LOGIN_REQUIRED' }, 401));

    await rejection(apiClient.get('/api/v1/has-unread/'));
    expect(handler).toHaveBeenCalledTimes(1);
    expect(handler.mock.calls[0]?.[0]).toMatchObject({ status: 401, code: 'LOGIN_REQUIRED' });
    expect(handler.mock.calls[0]?.[1]).toEqual({ method: 'GET' });

    await rejection(apiClient.get('/api/v1/me', { skipStatuses: [401] }));
    await rejection(apiRequest('/api/v1/generate-logout-url/', { method: 'POST', body: {}, skipStatuses: 'all' }));
    expect(handler).toHaveBeenCalledTimes(1);

    fetchMock.mockRejectedValue(new TypeError('fetch failed'));
    await rejection(apiClient.get('/api/v1/me', { skipStatuses: [401] }));
    expect(handler).toHaveBeenCalledTimes(2);
    expect(handler.mock.calls[1]?.[0]).toMatchObject({ status: 0, code: 'NETWORK_ERROR' });

    // The handler hears whether the failed call was an action (offline, a popup says it did not happen).
    await rejection(apiClient.put('/api/v1/learning-courses/a/is-favorite', { value: true }));
    expect(handler.mock.calls[2]?.[1]).toEqual({ method: 'PUT' });
  });

  it('gives the generic message for a 5xx whatever the server wrote, and the API’s words for a 4xx', () => {
    expect(errorMessageOf(new ApiError({ message: 'Internal', status: 500, code: 'INTERNAL_ERROR' }))).toBe(UNKNOWN_ERROR_MESSAGE);
    expect(errorMessageOf(new ApiError({ message: '入力内容に誤りがあります', status: 400, code: 'VALIDATION_FAILED' }))).toBe('入力内容に誤りがあります');
    expect(errorMessageOf(new ApiError({ message: NETWORK_ERROR_MESSAGE, status: 0, code: 'NETWORK_ERROR' }))).toBe(NETWORK_ERROR_MESSAGE);
    expect(errorMessageOf(new Error('boom'))).toBe(UNKNOWN_ERROR_MESSAGE);
  });

  it('checks the body with the given parser and rejects an unexpected shape as an ApiError', async () => {
    fetchMock.mockResolvedValue(json({ value: 'not a number' }));
    const parse = (data: unknown) => {
      const value = (data as { value?: unknown }).value;
      if (typeof value !== 'number') throw new Error('value must be a number');
      return { value };
    };

    const error = await rejection(apiClient.get('/api/v1/now/', { parse }));

    expect(error.status).toBe(200);
    expect(error.code).toBe(INVALID_RESPONSE_CODE);
    expect(error.message).toBe(UNKNOWN_ERROR_MESSAGE);
  });
});
