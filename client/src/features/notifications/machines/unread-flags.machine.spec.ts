import type { UnreadFlags } from '@campus/contracts/notifications';
import { createActor, fromCallback, fromPromise } from 'xstate';
import { ApiError } from '../../../lib/api-client';
import { selectUnreadFlags, UNREAD_POLL_MS, unreadFlagsMachine, type UnreadFlagsEvent } from './unread-flags.machine';
import { deferred } from '../../../test/deferred';

const flags = (hasUnreadNotifications: boolean, hasUnreadAnnouncements: boolean): UnreadFlags => ({
  hasUnreadNotifications,
  hasUnreadAnnouncements,
});

/** The machine with a fake has-unread call and a fake socket the test drives. */
function start(fetch: () => Promise<UnreadFlags> = async () => flags(false, false)) {
  const fetchFlags = jest.fn(fetch);
  const socket = { subscriptions: 0, unsubscriptions: 0, send: undefined as ((event: UnreadFlagsEvent) => void) | undefined };
  const machine = unreadFlagsMachine.provide({
    actors: {
      fetchFlags: fromPromise(() => fetchFlags()),
      watchSocket: fromCallback<UnreadFlagsEvent>(({ sendBack }) => {
        socket.subscriptions += 1;
        socket.send = sendBack;
        return () => {
          socket.unsubscriptions += 1;
          socket.send = undefined;
        };
      }),
    },
  });
  const actor = createActor(machine).start();
  const push = (event: UnreadFlagsEvent) => {
    if (!socket.send) throw new Error('the socket is not watched');
    socket.send(event);
  };
  const current = () => selectUnreadFlags(actor.getSnapshot());
  return { actor, fetchFlags, socket, push, current };
}

/** Lets settled promises (the fake fetch) reach the machine. */
const settle = () => jest.advanceTimersByTimeAsync(0);

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

describe('unread flags machine', () => {
  it('does nothing while disabled: no fetch, no socket, no polling, nothing unread', async () => {
    const { fetchFlags, socket, current } = start(async () => flags(true, true));
    await jest.advanceTimersByTimeAsync(UNREAD_POLL_MS * 3);
    expect(fetchFlags).not.toHaveBeenCalled();
    expect(socket.subscriptions).toBe(0);
    expect(current()).toEqual(flags(false, false));
  });

  it('fetches once when enabled and watches the socket', async () => {
    const { actor, fetchFlags, socket, current } = start(async () => flags(true, false));
    actor.send({ type: 'ENABLE' });
    await settle();
    expect(fetchFlags).toHaveBeenCalledTimes(1);
    expect(socket.subscriptions).toBe(1);
    expect(current()).toEqual(flags(true, false));

    // A second ENABLE (e.g. React re-running an effect) changes nothing.
    actor.send({ type: 'ENABLE' });
    await settle();
    expect(fetchFlags).toHaveBeenCalledTimes(1);
    expect(socket.subscriptions).toBe(1);
  });

  it('does not poll while the socket is connected', async () => {
    const { actor, fetchFlags, push } = start();
    actor.send({ type: 'ENABLE' });
    push({ type: 'SOCKET_CONNECTED' });
    await settle();
    await jest.advanceTimersByTimeAsync(UNREAD_POLL_MS * 5);
    expect(fetchFlags).toHaveBeenCalledTimes(1);
  });

  it('polls every 180 000 ms while the socket is disconnected', async () => {
    const { actor, fetchFlags, push } = start();
    actor.send({ type: 'ENABLE' });
    push({ type: 'SOCKET_CONNECTED' });
    push({ type: 'SOCKET_DISCONNECTED' });
    await settle();
    expect(fetchFlags).toHaveBeenCalledTimes(1);

    await jest.advanceTimersByTimeAsync(UNREAD_POLL_MS - 1);
    expect(fetchFlags).toHaveBeenCalledTimes(1);
    await jest.advanceTimersByTimeAsync(1);
    expect(fetchFlags).toHaveBeenCalledTimes(2);
    await jest.advanceTimersByTimeAsync(UNREAD_POLL_MS);
    expect(fetchFlags).toHaveBeenCalledTimes(3);
  });

  it('polls until the socket is known to be connected (it may never connect)', async () => {
    const { actor, fetchFlags, push } = start();
    actor.send({ type: 'ENABLE' });
    await settle();
    await jest.advanceTimersByTimeAsync(UNREAD_POLL_MS);
    expect(fetchFlags).toHaveBeenCalledTimes(2);

    // The first connection is covered by the fetches so far: no extra fetch, and polling stops.
    push({ type: 'SOCKET_CONNECTED' });
    await jest.advanceTimersByTimeAsync(UNREAD_POLL_MS * 2);
    expect(fetchFlags).toHaveBeenCalledTimes(2);
  });

  it('applies pushed flags', async () => {
    const { actor, push, current } = start(async () => flags(false, false));
    actor.send({ type: 'ENABLE' });
    push({ type: 'SOCKET_CONNECTED' });
    await settle();

    push({ type: 'FLAGS_PUSHED', flags: flags(false, true) });
    expect(current()).toEqual(flags(false, true));
    push({ type: 'FLAGS_PUSHED', flags: flags(true, true) });
    expect(current()).toEqual(flags(true, true));
  });

  it('lets a push win over a fetch still in flight', async () => {
    const answer = deferred<UnreadFlags>();
    const { actor, push, current } = start(() => answer.promise);
    actor.send({ type: 'ENABLE' });
    push({ type: 'FLAGS_PUSHED', flags: flags(true, false) });
    answer.resolve(flags(false, false));
    await settle();
    expect(current()).toEqual(flags(true, false));
  });

  it('a push proves the socket is up: polling stops', async () => {
    const { actor, fetchFlags, push } = start();
    actor.send({ type: 'ENABLE' });
    await settle();
    push({ type: 'FLAGS_PUSHED', flags: flags(true, false) });
    await jest.advanceTimersByTimeAsync(UNREAD_POLL_MS * 2);
    expect(fetchFlags).toHaveBeenCalledTimes(1);
  });

  it('resyncs once on reconnect, then stops polling', async () => {
    let answer = flags(false, false);
    const { actor, fetchFlags, push, current } = start(async () => answer);
    actor.send({ type: 'ENABLE' });
    push({ type: 'SOCKET_CONNECTED' });
    await settle();

    push({ type: 'SOCKET_DISCONNECTED' });
    answer = flags(false, true);
    await jest.advanceTimersByTimeAsync(1000);
    push({ type: 'SOCKET_CONNECTED' });
    await settle();
    expect(fetchFlags).toHaveBeenCalledTimes(2);
    expect(current()).toEqual(flags(false, true));

    await jest.advanceTimersByTimeAsync(UNREAD_POLL_MS * 2);
    expect(fetchFlags).toHaveBeenCalledTimes(2);
  });

  it('keeps the last flags when a check fails, and tries again at the next poll', async () => {
    let fail = false;
    const { actor, fetchFlags, push, current } = start(async () => {
      if (fail) throw new ApiError({ message: 'offline', status: 0, code: 'NETWORK_ERROR' });
      return flags(true, false);
    });
    actor.send({ type: 'ENABLE' });
    push({ type: 'SOCKET_DISCONNECTED' });
    await settle();
    expect(current()).toEqual(flags(true, false));

    fail = true;
    await jest.advanceTimersByTimeAsync(UNREAD_POLL_MS);
    expect(fetchFlags).toHaveBeenCalledTimes(2);
    expect(current()).toEqual(flags(true, false));

    fail = false;
    await jest.advanceTimersByTimeAsync(UNREAD_POLL_MS);
    expect(fetchFlags).toHaveBeenCalledTimes(3);
  });

  it('SYNC fetches on demand', async () => {
    const { actor, fetchFlags, push } = start();
    actor.send({ type: 'ENABLE' });
    push({ type: 'SOCKET_CONNECTED' });
    await settle();
    actor.send({ type: 'SYNC' });
    await settle();
    expect(fetchFlags).toHaveBeenCalledTimes(2);
  });

  it('DISABLE clears the flags, stops watching the socket and polling; ENABLE starts over', async () => {
    const { actor, fetchFlags, socket, push, current } = start(async () => flags(true, true));
    actor.send({ type: 'ENABLE' });
    push({ type: 'SOCKET_DISCONNECTED' });
    await settle();
    expect(current()).toEqual(flags(true, true));

    actor.send({ type: 'DISABLE' });
    expect(current()).toEqual(flags(false, false));
    expect(socket.unsubscriptions).toBe(1);
    await jest.advanceTimersByTimeAsync(UNREAD_POLL_MS * 3);
    expect(fetchFlags).toHaveBeenCalledTimes(1);

    actor.send({ type: 'ENABLE' });
    await settle();
    expect(fetchFlags).toHaveBeenCalledTimes(2);
    expect(socket.subscriptions).toBe(2);
    expect(current()).toEqual(flags(true, true));
  });

  it('ignores a fetch that answers after DISABLE', async () => {
    const answer = deferred<UnreadFlags>();
    const { actor, current } = start(() => answer.promise);
    actor.send({ type: 'ENABLE' });
    actor.send({ type: 'DISABLE' });
    answer.resolve(flags(true, true));
    await settle();
    expect(current()).toEqual(flags(false, false));
  });
});
