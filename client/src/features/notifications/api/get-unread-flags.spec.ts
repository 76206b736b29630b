/**
 * @jest-environment node
 */
import { ApiError, setApiErrorHandler } from '../../../lib/api-client';
import { getUnreadFlags, toUnreadFlags } from './get-unread-flags';

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

let fetchMock: jest.Mock;
let defaultHandler: jest.Mock;

beforeEach(() => {
  fetchMock = jest.fn();
  jest.spyOn(globalThis, 'fetch').mockImplementation(fetchMock as unknown as typeof fetch);
  defaultHandler = jest.fn();
  setApiErrorHandler(defaultHandler);
});

afterEach(() => setApiErrorHandler(undefined));

describe('getUnreadFlags', () => {
  it('GETs /api/v1/has-unread/ as an uncached XHR and answers the two flags', async () => {
    fetchMock.mockResolvedValue(json({ hasUnreadNotifications: true, hasUnreadAnnouncements: false }));

    await expect(getUnreadFlags()).resolves.toEqual({ hasUnreadNotifications: true, hasUnreadAnnouncements: false });

    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/api/v1/has-unread/');
    expect(init.method).toBe('GET');
    expect(init.cache).toBe('no-store');
    expect(new Headers(init.headers).get('X-Requested-With')).toBe('XMLHttpRequest');
  });

  it.each([
    ['400 AGREEMENT_REQUIRED', () => json({ message: '同意が必要です', status: 400, code: 'AGREEMENT_REQUIRED' }, 400)],
    ['401', () => json({ message: 'ログインしてください', status: 401, code: 'LOGIN_REQUIRED' }, 401)],
  ])('rejects on %s without the default popup', async (_, response) => {
    fetchMock.mockResolvedValue(response());
    await expect(getUnreadFlags()).rejects.toBeInstanceOf(ApiError);
    expect(defaultHandler).not.toHaveBeenCalled();
  });

  it('rejects on a network failure without the default popup', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    await expect(getUnreadFlags()).rejects.toMatchObject({ status: 0, code: 'NETWORK_ERROR' });
    expect(defaultHandler).not.toHaveBeenCalled();
  });
});

describe('toUnreadFlags', () => {
  it('reads missing or malformed fields as nothing unread', () => {
    expect(toUnreadFlags(undefined)).toEqual({ hasUnreadNotifications: false, hasUnreadAnnouncements: false });
    expect(toUnreadFlags({ hasUnreadAnnouncements: true, extra: 1 })).toEqual({
      hasUnreadNotifications: false,
      hasUnreadAnnouncements: true,
    });
    expect(toUnreadFlags({ hasUnreadNotifications: 'yes' })).toEqual({
      hasUnreadNotifications: false,
      hasUnreadAnnouncements: false,
    });
  });
});
