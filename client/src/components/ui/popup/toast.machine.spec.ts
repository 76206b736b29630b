import { createActor } from 'xstate';
import { selectToastId, selectToastMessage, toastMachine } from './toast.machine';

describe('toast machine', () => {
  beforeEach(() => {
    jest.useFakeTimers();
  });
  afterEach(() => {
    jest.useRealTimers();
  });

  it('shows nothing at first', () => {
    const actor = createActor(toastMachine).start();
    expect(selectToastMessage(actor.getSnapshot())).toBeNull();
  });

  it('shows a message and hides it after 3000 ms', () => {
    const actor = createActor(toastMachine).start();
    actor.send({ type: 'SHOW', message: 'リンクをコピーしました。' });
    expect(selectToastMessage(actor.getSnapshot())).toBe('リンクをコピーしました。');

    jest.advanceTimersByTime(2999);
    expect(selectToastMessage(actor.getSnapshot())).toBe('リンクをコピーしました。');
    jest.advanceTimersByTime(1);
    expect(selectToastMessage(actor.getSnapshot())).toBeNull();
    expect(actor.getSnapshot().matches('hidden')).toBe(true);
  });

  it('replaces the message with a newer one and restarts the timer', () => {
    const actor = createActor(toastMachine).start();
    actor.send({ type: 'SHOW', message: '一つ目' });
    const firstId = selectToastId(actor.getSnapshot());
    jest.advanceTimersByTime(2000);

    actor.send({ type: 'SHOW', message: '二つ目' });
    expect(selectToastMessage(actor.getSnapshot())).toBe('二つ目');
    expect(selectToastId(actor.getSnapshot())).toBe(firstId + 1);

    // The first toast's 3000 ms would end here; the second one stays its full time.
    jest.advanceTimersByTime(1500);
    expect(selectToastMessage(actor.getSnapshot())).toBe('二つ目');
    jest.advanceTimersByTime(1499);
    expect(selectToastMessage(actor.getSnapshot())).toBe('二つ目');
    jest.advanceTimersByTime(1);
    expect(selectToastMessage(actor.getSnapshot())).toBeNull();
  });

  it('gives the same text shown twice a new id, so it is announced again', () => {
    const actor = createActor(toastMachine).start();
    actor.send({ type: 'SHOW', message: 'リンクをコピーしました。' });
    const firstId = selectToastId(actor.getSnapshot());
    actor.send({ type: 'SHOW', message: 'リンクをコピーしました。' });
    expect(selectToastId(actor.getSnapshot())).not.toBe(firstId);
  });

  it('hides at once on HIDE', () => {
    const actor = createActor(toastMachine).start();
    actor.send({ type: 'SHOW', message: '保存しました。' });
    actor.send({ type: 'HIDE' });
    expect(selectToastMessage(actor.getSnapshot())).toBeNull();
  });
});
