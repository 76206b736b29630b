import { openPopup } from '../../components/ui/popup/popups';
import { ApiError, UNKNOWN_ERROR_MESSAGE } from '../../lib/api-client';
import { handleApiError, type ApiErrorContext } from './api-error-handling';

jest.mock('../../components/ui/popup/popups', () => ({ openPopup: jest.fn(() => Promise.resolve('ok')) }));

const popup = openPopup as jest.MockedFunction<typeof openPopup>;
const errorOf = (status: number, code = 'X', message = 'サーバーのメッセージ') =>
  new ApiError({ status, code: code as ApiError['code'], message });

function contextFor(onLessonPage = false): jest.Mocked<ApiErrorContext> {
  return {
    sessionExpired: jest.fn(),
    agreementRequired: jest.fn(),
    askToLogIn: jest.fn(),
    onLessonPage: jest.fn(() => onLessonPage),
  };
}

describe('handleApiError (spec §8)', () => {
  beforeEach(() => popup.mockClear());

  const communicationError = { title: '通信エラー', body: 'エラーが発生しました。通信環境をご確認のうえ、再度実行してください。' };

  it('shows the communication-error popup and logs when no response arrived', () => {
    const log = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    handleApiError(errorOf(0, 'NETWORK_ERROR', 'エラーが発生しました。通信環境をご確認のうえ、再度実行してください。'), contextFor());
    expect(popup).toHaveBeenCalledWith('communicationError', communicationError);
    expect(log).toHaveBeenCalled();
    log.mockRestore();
  });

  it('opens no popup for a failed read while the browser is offline (the offline notice says so), but still logs', () => {
    const log = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    jest.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    handleApiError(errorOf(0, 'NETWORK_ERROR'), contextFor(), { method: 'GET' });
    expect(popup).not.toHaveBeenCalled();
    expect(log).toHaveBeenCalled();
    // Offline does not silence answers that did arrive (e.g. from the service worker's cache).
    handleApiError(errorOf(500, 'INTERNAL_ERROR'), contextFor());
    expect(popup).toHaveBeenCalledTimes(1);
    log.mockRestore();
  });

  it.each(['PUT', 'POST', 'DELETE'] as const)('tells the learner offline that an action (%s) did not happen: the same communication-error popup', (method) => {
    const log = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    jest.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    handleApiError(errorOf(0, 'NETWORK_ERROR', 'エラーが発生しました。通信環境をご確認のうえ、再度実行してください。'), contextFor(), { method });
    expect(popup).toHaveBeenCalledWith('communicationError', communicationError);
    log.mockRestore();
  });

  it('reopens the agreement popup on 400 AGREEMENT_REQUIRED, and shows a generic alert on other 400s', () => {
    const context = contextFor();
    handleApiError(errorOf(400, 'AGREEMENT_REQUIRED'), context);
    expect(context.agreementRequired).toHaveBeenCalled();
    expect(popup).not.toHaveBeenCalled();
    handleApiError(errorOf(400, 'VALIDATION_FAILED', 'email: 形式'), context);
    expect(popup).toHaveBeenCalledWith('communicationError', { title: 'エラー', body: 'email: 形式' });
  });

  it('forgets the user and asks to log in on 401', () => {
    const context = contextFor();
    handleApiError(errorOf(401, 'LOGIN_REQUIRED'), context);
    expect(context.sessionExpired).toHaveBeenCalled();
    expect(context.askToLogIn).toHaveBeenCalled();
  });

  it('asks to log in on a 403 on a lesson page, otherwise shows a generic alert', () => {
    const lesson = contextFor(true);
    handleApiError(errorOf(403, 'FORBIDDEN'), lesson);
    expect(lesson.askToLogIn).toHaveBeenCalled();
    const other = contextFor(false);
    handleApiError(errorOf(403, 'FORBIDDEN'), other);
    expect(other.askToLogIn).not.toHaveBeenCalled();
    expect(popup).toHaveBeenCalledWith('communicationError', expect.objectContaining({ title: 'エラー' }));
  });

  it('shows a generic alert for 500 in the catalogue’s words, not the server’s, and leaves 404 and other statuses to the caller', () => {
    handleApiError(errorOf(500, 'INTERNAL_ERROR', 'Internal'), contextFor());
    expect(popup).toHaveBeenCalledTimes(1);
    expect(popup).toHaveBeenCalledWith('communicationError', { title: 'エラー', body: UNKNOWN_ERROR_MESSAGE });
    handleApiError(errorOf(404, 'NOT_FOUND'), contextFor());
    handleApiError(errorOf(409, 'CONCURRENCY_CONFLICT'), contextFor());
    expect(popup).toHaveBeenCalledTimes(1);
  });

  it('shows the error alert with the server’s words when a rate limit is reached (429)', () => {
    const context = contextFor();
    handleApiError(errorOf(429, 'TOO_MANY_REQUESTS', 'リクエストが多すぎます。しばらくしてから再度お試しください'), context, { method: 'PUT' });
    expect(popup).toHaveBeenCalledWith('communicationError', { title: 'エラー', body: 'リクエストが多すぎます。しばらくしてから再度お試しください' });
    expect(context.sessionExpired).not.toHaveBeenCalled();
  });
});
