import { ApiError } from '../../api-client';
import { RUNTIME_CACHES } from '../../offline-cache-rules';
import { getMe } from './get-me';

const me = { lastName: '山田', firstName: '太郎', iconUrl: null, hasProfile: true, hasAcceptedAgreements: true, canMigrateFromCloudCampus: false, role: 'learner' };

let fetchMock: jest.SpyInstance;
/** Cache Storage, which jsdom lacks: the deletes asked of it. */
const deletedCaches: string[] = [];
beforeEach(() => {
  deletedCaches.length = 0;
  Object.assign(globalThis, { caches: { delete: async (name: string) => deletedCaches.push(name) > 0 } });
  fetchMock = jest.spyOn(globalThis, 'fetch').mockImplementation(async () => new Response(JSON.stringify(me), { status: 200, headers: { 'content-type': 'application/json' } }));
});
afterEach(() => {
  document.cookie = 'campus_signed_in=1; path=/';
  fetchMock.mockRestore();
  delete (globalThis as { caches?: unknown }).caches;
});

describe('getMe', () => {
  it('asks the server while the session’s hint cookie is there', async () => {
    await expect(getMe()).resolves.toMatchObject({ lastName: '山田' });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(String(fetchMock.mock.calls[0]![0])).toBe('/api/v1/me');
    expect(deletedCaches).toEqual([]);
  });

  it('answers a visitor’s 401 itself, asking nothing, when the hint is gone', async () => {
    document.cookie = 'campus_signed_in=; path=/; max-age=0';
    document.cookie = 'campus_signed_in_elsewhere=1; path=/';
    const error = await getMe().catch((reason: unknown) => reason);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 401, code: 'LOGIN_REQUIRED' });
    expect(fetchMock).not.toHaveBeenCalled();
    // As the service worker does on a 401: the kept answer of who was logged in goes.
    expect(deletedCaches).toEqual([RUNTIME_CACHES.session]);
    document.cookie = 'campus_signed_in_elsewhere=; path=/; max-age=0';
  });
});
