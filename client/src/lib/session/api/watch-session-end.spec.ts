import { ApiError, NETWORK_ERROR_CODE } from '../../api-client';
import { onSessionEnded, reopenSocket, type SessionEnd } from '../../realtime';
import { aUser } from '../../../test/fixtures';
import { getMe } from './get-me';
import { SESSION_RECHECK_MS, watchSessionEnd } from './watch-session-end';

jest.mock('../../realtime', () => ({ onSessionEnded: jest.fn(), reopenSocket: jest.fn() }));
jest.mock('./get-me', () => ({ getMe: jest.fn() }));

const getMeMock = getMe as jest.Mock;
const onSessionEndedMock = onSessionEnded as jest.Mock;
const stopWatching = jest.fn();
let serverEnds: (end: SessionEnd) => void = () => undefined;
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
const loginRequired = () => new ApiError({ message: 'ログインしてください', status: 401, code: 'LOGIN_REQUIRED' });

beforeEach(() => {
  jest.clearAllMocks();
  onSessionEndedMock.mockImplementation((listener: (end: SessionEnd) => void) => {
    serverEnds = listener;
    return stopWatching;
  });
});
afterEach(() => jest.useRealTimers());

describe('watchSessionEnd', () => {
  it('reports the end when the server disconnected the socket and /me answers 401', async () => {
    getMeMock.mockRejectedValue(loginRequired());
    const ended = jest.fn();
    watchSessionEnd(ended);
    serverEnds('disconnected');
    await settle();
    expect(ended).toHaveBeenCalledTimes(1);
    expect(reopenSocket).not.toHaveBeenCalled();
  });

  it('gets the socket back when the session turns out to be alive', async () => {
    getMeMock.mockResolvedValue(aUser());
    const ended = jest.fn();
    watchSessionEnd(ended);
    serverEnds('disconnected');
    await settle();
    expect(reopenSocket).toHaveBeenCalledTimes(1);
    expect(ended).not.toHaveBeenCalled();
  });

  it('after a refused handshake never retries the socket, and asks /me once more later', async () => {
    jest.useFakeTimers();
    getMeMock.mockResolvedValueOnce(aUser()).mockRejectedValueOnce(loginRequired());
    const ended = jest.fn();
    watchSessionEnd(ended);
    serverEnds('refused');
    await jest.advanceTimersByTimeAsync(SESSION_RECHECK_MS - 1);
    expect(getMeMock).toHaveBeenCalledTimes(1);
    expect(ended).not.toHaveBeenCalled();
    await jest.advanceTimersByTimeAsync(1);
    expect(getMeMock).toHaveBeenCalledTimes(2);
    expect(ended).toHaveBeenCalledTimes(1);
    expect(reopenSocket).not.toHaveBeenCalled();
  });

  it('keeps the user when /me cannot be reached, and stops everything when unsubscribed', async () => {
    jest.useFakeTimers();
    getMeMock.mockRejectedValue(new ApiError({ message: '通信エラー', status: 0, code: NETWORK_ERROR_CODE }));
    const ended = jest.fn();
    const stop = watchSessionEnd(ended);
    serverEnds('disconnected');
    await jest.advanceTimersByTimeAsync(SESSION_RECHECK_MS * 2);
    expect(ended).not.toHaveBeenCalled();
    stop();
    expect(stopWatching).toHaveBeenCalledTimes(1);
  });
});
