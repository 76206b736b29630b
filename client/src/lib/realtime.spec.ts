import type { CurrentUser } from '@campus/contracts/current-user';
import { io } from 'socket.io-client';
import { aUser } from '../test/fixtures';
import { onConnectionChange, onServerEvent, onSessionEnded, reopenSocket } from './realtime';

type Listener = (...args: unknown[]) => void;

function fakeSocket() {
  const listeners = new Map<string, Set<Listener>>();
  return {
    listeners,
    on: jest.fn((event: string, listener: Listener) => {
      if (!listeners.has(event)) listeners.set(event, new Set());
      listeners.get(event)!.add(listener);
    }),
    off: jest.fn((event: string, listener: Listener) => listeners.get(event)?.delete(listener)),
    disconnect: jest.fn(),
    connect: jest.fn(),
    connected: false,
    active: false,
    emit(event: string, ...args: unknown[]) {
      listeners.get(event)?.forEach((listener) => listener(...args));
    },
  };
}

let socket = fakeSocket();
jest.mock('socket.io-client', () => ({ io: jest.fn(() => socket) }));
const ioMock = io as unknown as jest.Mock;

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

beforeEach(() => {
  socket = fakeSocket();
  ioMock.mockImplementation(() => socket);
});

describe('realtime socket', () => {
  it('connects on the first listener, same origin with credentials, and delivers pushes', async () => {
    const received: CurrentUser[] = [];
    const stop = onServerEvent('user.updated', (user) => received.push(user));
    await settle();

    expect(ioMock).toHaveBeenCalledTimes(1);
    expect(ioMock).toHaveBeenCalledWith({ path: '/socket.io', withCredentials: true, transports: ['websocket'] });
    socket.emit('user.updated', aUser({ lastName: '佐藤' }));
    expect(received.map((user) => user.lastName)).toEqual(['佐藤']);

    stop();
    await settle();
    expect(socket.disconnect).toHaveBeenCalledTimes(1);
    socket.emit('user.updated', aUser());
    expect(received).toHaveLength(1);
  });

  it('shares one socket between listeners and disconnects only when the last one leaves', async () => {
    const stopA = onServerEvent('user.updated', () => {});
    const stopB = onServerEvent('unread.changed', () => {});
    await settle();
    expect(ioMock).toHaveBeenCalledTimes(1);

    stopA();
    await settle();
    expect(socket.disconnect).not.toHaveBeenCalled();
    expect(socket.listeners.get('unread.changed')?.size).toBe(1);

    stopB();
    await settle();
    expect(socket.disconnect).toHaveBeenCalledTimes(1);

    // A later listener (next login) gets a fresh connection.
    onServerEvent('user.updated', () => {})();
    await settle();
    expect(ioMock).toHaveBeenCalledTimes(2);
  });

  it('reports the connection state now and on every connect and disconnect', async () => {
    socket.connected = true;
    const states: boolean[] = [];
    const stop = onConnectionChange((connected) => states.push(connected));
    await settle();
    expect(states).toEqual([true]);
    socket.emit('disconnect', 'transport close');
    socket.emit('connect');
    expect(states).toEqual([true, false, true]);
    stop();
    await settle();
    socket.emit('disconnect');
    expect(states).toEqual([true, false, true]);
  });

  it('tells when the server ends the session: a server disconnect or a handshake refused for LOGIN_REQUIRED, nothing else', async () => {
    const ends: string[] = [];
    const stop = onSessionEnded((end) => ends.push(end));
    await settle();
    socket.emit('disconnect', 'transport close');
    socket.emit('disconnect', 'io client disconnect');
    socket.emit('connect_error', new Error('ORIGIN_NOT_ALLOWED'));
    expect(ends).toEqual([]);
    socket.emit('disconnect', 'io server disconnect');
    socket.emit('connect_error', new Error('LOGIN_REQUIRED'));
    expect(ends).toEqual(['disconnected', 'refused']);
    stop();
    await settle();
    socket.emit('disconnect', 'io server disconnect');
    expect(ends).toHaveLength(2);
  });

  it('reopens the shared socket only when it is down and not already reconnecting', async () => {
    const stop = onServerEvent('user.updated', () => {});
    await settle();
    socket.connected = true;
    reopenSocket();
    await settle();
    expect(socket.connect).not.toHaveBeenCalled();
    socket.connected = false;
    socket.active = true;
    reopenSocket();
    await settle();
    expect(socket.connect).not.toHaveBeenCalled();
    socket.active = false;
    reopenSocket();
    await settle();
    expect(socket.connect).toHaveBeenCalledTimes(1);
    stop();
  });
});
