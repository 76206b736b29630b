import { onConnectionChange, onServerEvent } from '../../../lib/realtime';
import { subscribeUnread } from './subscribe-unread';

jest.mock('../../../lib/realtime', () => ({ onServerEvent: jest.fn(), onConnectionChange: jest.fn() }));
const onServerEventMock = onServerEvent as unknown as jest.Mock;
const onConnectionChangeMock = onConnectionChange as unknown as jest.Mock;

describe('subscribeUnread', () => {
  it('listens to unread.changed, announcements.changed and the connection state, and stops all', () => {
    const listeners = new Map<string, (payload?: unknown) => void>();
    const stopPush = jest.fn();
    const stopConnection = jest.fn();
    let connection: ((connected: boolean) => void) | undefined;
    onServerEventMock.mockImplementation((event: string, listener: (payload?: unknown) => void) => {
      listeners.set(event, listener);
      return stopPush;
    });
    onConnectionChangeMock.mockImplementation((listener: (connected: boolean) => void) => {
      connection = listener;
      return stopConnection;
    });
    const subscriber = { onFlags: jest.fn(), onStale: jest.fn(), onConnected: jest.fn(), onDisconnected: jest.fn() };

    const stop = subscribeUnread(subscriber);
    expect([...listeners.keys()].sort()).toEqual(['announcements.changed', 'unread.changed']);
    listeners.get('unread.changed')!({ hasUnreadNotifications: true, hasUnreadAnnouncements: false });
    listeners.get('announcements.changed')!();
    expect(subscriber.onStale).toHaveBeenCalledTimes(1);
    connection!(false);
    connection!(true);
    expect(subscriber.onFlags).toHaveBeenCalledWith({ hasUnreadNotifications: true, hasUnreadAnnouncements: false });
    expect(subscriber.onDisconnected).toHaveBeenCalledTimes(1);
    expect(subscriber.onConnected).toHaveBeenCalledTimes(1);

    stop();
    expect(stopPush).toHaveBeenCalledTimes(2);
    expect(stopConnection).toHaveBeenCalledTimes(1);
  });
});
