/**
 * @jest-environment node
 */
import { setApiErrorHandler } from '../../../lib/api-client';
import { getAdminEventFeed } from './get-admin-event-feed';
import { getAdminEventTypes } from './get-admin-event-types';
import { getAdminEvents } from './get-admin-events';

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

let fetchMock: jest.Mock;
let defaultHandler: jest.Mock;

beforeEach(() => {
  fetchMock = jest.fn();
  jest.spyOn(globalThis, 'fetch').mockImplementation(fetchMock as unknown as typeof fetch);
  defaultHandler = jest.fn();
  setApiErrorHandler(defaultHandler);
});

afterEach(() => setApiErrorHandler(undefined));

describe('getAdminEvents', () => {
  it('asks for 50 newest events, leaving out empty filters and the missing cursor', async () => {
    fetchMock.mockResolvedValue(json({ items: [], nextBefore: null, feedCursor: '7.0' }));
    await expect(getAdminEvents({ filters: { type: '', userId: '' }, before: null })).resolves.toEqual({ items: [], nextBefore: null, feedCursor: '7.0' });
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/api/v1/admin/events?limit=50');
    expect(init.cache).toBe('no-store');
  });

  it('passes the cursor and the filters', async () => {
    fetchMock.mockResolvedValue(json({ items: [], nextBefore: null, feedCursor: '7.0' }));
    await getAdminEvents({ filters: { type: 'ExamStarted', userId: '0196a3c4-0000-7000-8000-00000000000a' }, before: 120 });
    expect(fetchMock.mock.calls[0]![0]).toBe('/api/v1/admin/events?limit=50&before=120&type=ExamStarted&userId=0196a3c4-0000-7000-8000-00000000000a');
  });

  it('leaves a bad filter (400) to the page, with the field, and refuses an answer of another shape', async () => {
    fetchMock.mockResolvedValueOnce(json({ message: 'userId は UUID で指定してください', status: 400, code: 'VALIDATION_FAILED', field: 'userId' }, 400));
    await expect(getAdminEvents({ filters: { type: '', userId: 'x' }, before: null })).rejects.toMatchObject({ status: 400, field: 'userId' });
    expect(defaultHandler).not.toHaveBeenCalled();

    fetchMock.mockResolvedValueOnce(json({ rows: [] }));
    await expect(getAdminEvents({ filters: { type: '', userId: '' }, before: null })).rejects.toMatchObject({ code: 'INVALID_RESPONSE' });
  });

  it('still lets a 401 reach the default handling (the login popup)', async () => {
    fetchMock.mockResolvedValueOnce(json({ message: 'ログインしてください', status: 401, code: 'LOGIN_REQUIRED' }, 401));
    await expect(getAdminEvents({ filters: { type: '', userId: '' }, before: null })).rejects.toMatchObject({ status: 401 });
    expect(defaultHandler).toHaveBeenCalledTimes(1);
  });
});

describe('getAdminEventFeed', () => {
  it('asks for up to 200 events after the cursor, uncached, and leaves a failure to the page', async () => {
    const answer = { items: [], cursor: '9.0', caughtUp: true, held: false };
    fetchMock.mockResolvedValueOnce(json(answer));
    await expect(getAdminEventFeed('7.0')).resolves.toEqual(answer);
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/api/v1/admin/events/feed?after=7.0&limit=200');
    expect(init.cache).toBe('no-store');

    fetchMock.mockResolvedValueOnce(json({ message: 'サーバーエラー', status: 503, code: 'SERVICE_UNAVAILABLE' }, 503));
    await expect(getAdminEventFeed('9.0')).rejects.toMatchObject({ status: 503 });
    expect(defaultHandler).not.toHaveBeenCalled();
    fetchMock.mockResolvedValueOnce(json({ items: [] }));
    await expect(getAdminEventFeed('9.0')).rejects.toMatchObject({ code: 'INVALID_RESPONSE' });
  });
});

describe('getAdminEventTypes', () => {
  it('answers the type names, and fails without a popup', async () => {
    fetchMock.mockResolvedValueOnce(json({ types: ['BadgeAwarded'] }));
    await expect(getAdminEventTypes()).resolves.toEqual(['BadgeAwarded']);
    expect(fetchMock.mock.calls[0]![0]).toBe('/api/v1/admin/events/types');

    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await expect(getAdminEventTypes()).rejects.toMatchObject({ status: 0 });
    expect(defaultHandler).not.toHaveBeenCalled();
  });
});
