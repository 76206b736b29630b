import { knownSession } from './known-session';
import { checkSessionAtStart, getMeOnceFromStart } from './session-at-start';

const USER = { id: 'u1', displayName: '山田 太郎' };

function answerMe(status: number, body: unknown) {
  return jest.fn(async () => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } }));
}

describe('the session check at start', () => {
  const realFetch = globalThis.fetch;
  afterEach(() => {
    globalThis.fetch = realFetch;
  });

  it('asks once at start; the first check takes that answer, later checks ask again', async () => {
    const fetchMock = answerMe(200, USER);
    globalThis.fetch = fetchMock as unknown as typeof fetch;

    await checkSessionAtStart();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await expect(getMeOnceFromStart()).resolves.toEqual(USER);
    expect(fetchMock).toHaveBeenCalledTimes(1);

    await expect(getMeOnceFromStart()).resolves.toEqual(USER);
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('settles without rejecting when nobody is logged in, and hands the 401 to the first check', async () => {
    globalThis.fetch = answerMe(401, { message: 'ログインしてください。', status: 401, code: 'LOGIN_REQUIRED' }) as unknown as typeof fetch;

    await expect(checkSessionAtStart()).resolves.toBeUndefined();
    await expect(getMeOnceFromStart()).rejects.toMatchObject({ status: 401, code: 'LOGIN_REQUIRED' });
  });

  it("tells the first page's loaders who is there before the session machine is up", async () => {
    globalThis.fetch = answerMe(401, { message: 'ログインしてください。', status: 401, code: 'LOGIN_REQUIRED' }) as unknown as typeof fetch;
    void checkSessionAtStart();
    await expect(knownSession()).resolves.toBe('visitor');
    await getMeOnceFromStart().catch(() => undefined);

    globalThis.fetch = answerMe(200, { ...USER, hasAcceptedAgreements: false }) as unknown as typeof fetch;
    void checkSessionAtStart();
    await expect(knownSession()).resolves.toBe('agreementPending');
    await getMeOnceFromStart();
  });

  it('asks again when the start check failed otherwise, so the failure is reported by the app', async () => {
    const fetchMock = jest
      .fn()
      .mockRejectedValueOnce(new TypeError('Failed to fetch'))
      .mockResolvedValueOnce(new Response(JSON.stringify(USER), { status: 200, headers: { 'Content-Type': 'application/json' } }));
    globalThis.fetch = fetchMock as unknown as typeof fetch;

    await expect(checkSessionAtStart()).resolves.toBeUndefined();
    await expect(getMeOnceFromStart()).resolves.toEqual(USER);
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('asks the server itself when nothing was asked at start', async () => {
    const fetchMock = answerMe(200, USER);
    globalThis.fetch = fetchMock as unknown as typeof fetch;
    await expect(getMeOnceFromStart()).resolves.toEqual(USER);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});
