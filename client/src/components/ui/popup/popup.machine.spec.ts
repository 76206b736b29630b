import { createActor } from 'xstate';
import {
  errorMessage,
  POPUP_FALLBACK_ERROR_MESSAGE,
  popupMachine,
  selectCurrent,
  selectError,
  selectPhase,
  selectQueueLength,
} from './popup.machine';
import type { PopupRequest } from './popup-types';
import { deferred } from '../../../test/deferred';


let nextId = 0;

/** A request plus the promise its `resolve` settles, as `openPopup` builds them. */
function aRequest(overrides: Partial<Omit<PopupRequest, 'id' | 'resolve'>> = {}) {
  nextId += 1;
  let settle!: (value: string) => void;
  const result = new Promise<string>((resolve) => {
    settle = resolve;
  });
  const resolve = jest.fn((value: string) => settle(value));
  const request: PopupRequest = {
    id: nextId,
    kind: 'loginRequired',
    title: 'ログインしてください',
    body: 'ログインが必要です。',
    buttons: [
      { label: 'ログイン', value: 'login', variant: 'primary' },
      { label: 'トップページへ', value: 'top' },
    ],
    dismissable: true,
    ...overrides,
    resolve,
  };
  return { request, result, resolve };
}

const flush = async () => {
  // Lets the action promise settle (its handlers are microtasks, untouched by fake timers).
  for (let i = 0; i < 5; i += 1) await Promise.resolve();
};

describe('popup machine', () => {
  beforeEach(() => {
    jest.useFakeTimers();
  });
  afterEach(() => {
    jest.useRealTimers();
  });

  const start = () => createActor(popupMachine).start();

  it('opens, fades out for 300 ms after a choice, then is closed and resolves with the value', async () => {
    const actor = start();
    const { request, result, resolve } = aRequest();
    expect(selectPhase(actor.getSnapshot())).toBe('closed');

    actor.send({ type: 'OPEN', request });
    expect(selectPhase(actor.getSnapshot())).toBe('open');
    expect(selectCurrent(actor.getSnapshot())).toBe(request);

    actor.send({ type: 'CHOOSE', value: 'login' });
    expect(selectPhase(actor.getSnapshot())).toBe('closing');
    // Still on screen while fading out, and the caller does not know yet.
    expect(selectCurrent(actor.getSnapshot())).toBe(request);
    jest.advanceTimersByTime(299);
    expect(selectPhase(actor.getSnapshot())).toBe('closing');
    expect(resolve).not.toHaveBeenCalled();

    jest.advanceTimersByTime(1);
    expect(selectPhase(actor.getSnapshot())).toBe('closed');
    expect(selectCurrent(actor.getSnapshot())).toBeNull();
    await expect(result).resolves.toBe('login');
    expect(resolve).toHaveBeenCalledTimes(1);
  });

  it('ignores a value that is not one of the buttons', () => {
    const actor = start();
    actor.send({ type: 'OPEN', request: aRequest().request });
    actor.send({ type: 'CHOOSE', value: 'nope' });
    expect(selectPhase(actor.getSnapshot())).toBe('open');
  });

  it('closes a dismissable popup on DISMISS, resolving "dismissed"', async () => {
    const actor = start();
    const { request, result } = aRequest();
    actor.send({ type: 'OPEN', request });
    actor.send({ type: 'DISMISS' });
    expect(selectPhase(actor.getSnapshot())).toBe('closing');
    jest.advanceTimersByTime(300);
    await expect(result).resolves.toBe('dismissed');
  });

  it('ignores DISMISS when the popup is not dismissable', () => {
    const actor = start();
    const { request, resolve } = aRequest({
      kind: 'userPolicyAgreement',
      dismissable: false,
      buttons: [{ label: '同意する', value: 'accept', runsAction: true }],
    });
    actor.send({ type: 'OPEN', request });
    actor.send({ type: 'DISMISS' });
    jest.advanceTimersByTime(1000);
    expect(selectPhase(actor.getSnapshot())).toBe('open');
    expect(resolve).not.toHaveBeenCalled();
  });

  it('runs the action in loading, ignoring DISMISS and CHOOSE, and closes when it succeeds', async () => {
    const call = deferred();
    const action = jest.fn(() => call.promise);
    const actor = start();
    const { request, result } = aRequest({
      buttons: [
        { label: '同意する', value: 'accept', runsAction: true },
        { label: 'あとで', value: 'later' },
      ],
      action,
    });
    actor.send({ type: 'OPEN', request });

    actor.send({ type: 'CHOOSE', value: 'accept' });
    expect(selectPhase(actor.getSnapshot())).toBe('loading');
    expect(action).toHaveBeenCalledWith('accept');

    actor.send({ type: 'DISMISS' });
    actor.send({ type: 'CHOOSE', value: 'later' });
    jest.advanceTimersByTime(1000);
    expect(selectPhase(actor.getSnapshot())).toBe('loading');

    call.resolve();
    await flush();
    expect(selectPhase(actor.getSnapshot())).toBe('closing');
    jest.advanceTimersByTime(300);
    expect(selectPhase(actor.getSnapshot())).toBe('closed');
    await expect(result).resolves.toBe('accept');
    expect(action).toHaveBeenCalledTimes(1);
  });

  it('does not run the action for buttons without runsAction', async () => {
    const action = jest.fn(async () => undefined);
    const actor = start();
    const { request, result } = aRequest({ action });
    actor.send({ type: 'OPEN', request });
    actor.send({ type: 'CHOOSE', value: 'top' });
    expect(selectPhase(actor.getSnapshot())).toBe('closing');
    jest.advanceTimersByTime(300);
    await expect(result).resolves.toBe('top');
    expect(action).not.toHaveBeenCalled();
  });

  it('goes back to open with the error message when the action fails, and can try again', async () => {
    let attempts = 0;
    const action = jest.fn(async () => {
      attempts += 1;
      if (attempts === 1) throw new Error('同意の登録に失敗しました。');
    });
    const actor = start();
    const { request, result, resolve } = aRequest({
      dismissable: false,
      buttons: [{ label: '同意する', value: 'accept', runsAction: true }],
      action,
    });
    actor.send({ type: 'OPEN', request });

    actor.send({ type: 'CHOOSE', value: 'accept' });
    await flush();
    expect(selectPhase(actor.getSnapshot())).toBe('open');
    expect(selectError(actor.getSnapshot())).toBe('同意の登録に失敗しました。');
    jest.advanceTimersByTime(1000);
    expect(resolve).not.toHaveBeenCalled();

    actor.send({ type: 'CHOOSE', value: 'accept' });
    expect(selectPhase(actor.getSnapshot())).toBe('loading');
    expect(selectError(actor.getSnapshot())).toBeNull(); // hidden while trying again
    await flush();
    jest.advanceTimersByTime(300);
    await expect(result).resolves.toBe('accept');
    expect(action).toHaveBeenCalledTimes(2);
  });

  it('shows the generic message when the failure has no message', async () => {
    const actor = start();
    const { request } = aRequest({
      buttons: [{ label: '送信する', value: 'submit', runsAction: true }],
      action: () => Promise.reject({ status: 500 }),
    });
    actor.send({ type: 'OPEN', request });
    actor.send({ type: 'CHOOSE', value: 'submit' });
    await flush();
    expect(selectError(actor.getSnapshot())).toBe('エラーが発生しました。時間をおいて再度お試しください。');
  });

  it('queues a second OPEN and shows it once the first has closed', async () => {
    const actor = start();
    const first = aRequest();
    const second = aRequest({ kind: 'communicationError', title: '通信エラー', buttons: [{ label: 'OK', value: 'ok' }] });
    actor.send({ type: 'OPEN', request: first.request });
    actor.send({ type: 'OPEN', request: second.request });
    expect(selectCurrent(actor.getSnapshot())).toBe(first.request);
    expect(selectQueueLength(actor.getSnapshot())).toBe(1);

    actor.send({ type: 'CHOOSE', value: 'top' });
    jest.advanceTimersByTime(300);
    await expect(first.result).resolves.toBe('top');
    expect(selectPhase(actor.getSnapshot())).toBe('open');
    expect(selectCurrent(actor.getSnapshot())).toBe(second.request);
    expect(selectQueueLength(actor.getSnapshot())).toBe(0);

    actor.send({ type: 'CHOOSE', value: 'ok' });
    jest.advanceTimersByTime(300);
    await expect(second.result).resolves.toBe('ok');
    expect(selectPhase(actor.getSnapshot())).toBe('closed');
  });

  it('queues an OPEN that arrives while loading or closing', async () => {
    const call = deferred();
    const actor = start();
    const first = aRequest({ buttons: [{ label: '同意する', value: 'accept', runsAction: true }], action: () => call.promise });
    const second = aRequest();
    const third = aRequest();
    actor.send({ type: 'OPEN', request: first.request });
    actor.send({ type: 'CHOOSE', value: 'accept' });
    actor.send({ type: 'OPEN', request: second.request });
    call.resolve();
    await flush();
    expect(selectPhase(actor.getSnapshot())).toBe('closing');
    actor.send({ type: 'OPEN', request: third.request });
    expect(selectQueueLength(actor.getSnapshot())).toBe(2);

    jest.advanceTimersByTime(300);
    expect(selectCurrent(actor.getSnapshot())).toBe(second.request);
    actor.send({ type: 'DISMISS' });
    jest.advanceTimersByTime(300);
    expect(selectCurrent(actor.getSnapshot())).toBe(third.request);
  });

  it('CLOSE_ALL fades the current popup out and drops the queue, all resolving "dismissed"', async () => {
    const actor = start();
    const first = aRequest({ dismissable: false });
    const second = aRequest();
    actor.send({ type: 'OPEN', request: first.request });
    actor.send({ type: 'OPEN', request: second.request });

    actor.send({ type: 'CLOSE_ALL' });
    expect(selectPhase(actor.getSnapshot())).toBe('closing');
    expect(selectQueueLength(actor.getSnapshot())).toBe(0);
    await expect(second.result).resolves.toBe('dismissed');

    jest.advanceTimersByTime(300);
    expect(selectPhase(actor.getSnapshot())).toBe('closed');
    await expect(first.result).resolves.toBe('dismissed');
  });

  it('CLOSE_ALL while loading drops the action result', async () => {
    const call = deferred();
    const actor = start();
    const { request, result } = aRequest({
      buttons: [{ label: '送信する', value: 'submit', runsAction: true }],
      action: () => call.promise,
    });
    actor.send({ type: 'OPEN', request });
    actor.send({ type: 'CHOOSE', value: 'submit' });
    actor.send({ type: 'CLOSE_ALL' });
    call.reject(new Error('late failure'));
    await flush();
    expect(selectPhase(actor.getSnapshot())).toBe('closing');
    expect(selectError(actor.getSnapshot())).toBeNull();
    jest.advanceTimersByTime(300);
    await expect(result).resolves.toBe('dismissed');
  });

  it('CLOSE_ALL while fading out keeps the value already chosen', async () => {
    const actor = start();
    const { request, result } = aRequest();
    actor.send({ type: 'OPEN', request });
    actor.send({ type: 'CHOOSE', value: 'login' });
    actor.send({ type: 'CLOSE_ALL' });
    jest.advanceTimersByTime(300);
    await expect(result).resolves.toBe('login');
  });
});

describe('errorMessage', () => {
  it("uses the error's message when it is a non-empty string", () => {
    expect(errorMessage(new Error('失敗しました'))).toBe('失敗しました');
    expect(errorMessage({ message: 'サーバーエラー' })).toBe('サーバーエラー');
  });

  it('falls back to the generic message otherwise', () => {
    expect(errorMessage(undefined)).toBe(POPUP_FALLBACK_ERROR_MESSAGE);
    expect(errorMessage('text')).toBe(POPUP_FALLBACK_ERROR_MESSAGE);
    expect(errorMessage({ message: 42 })).toBe(POPUP_FALLBACK_ERROR_MESSAGE);
    expect(errorMessage(new Error(''))).toBe(POPUP_FALLBACK_ERROR_MESSAGE);
  });
});
