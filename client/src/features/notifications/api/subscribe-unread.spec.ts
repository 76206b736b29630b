import { onConnectionChange, onServerEvent } from '../../../lib/realtime';
import { subscribeUnread } from './subscribe-unread';

jest.mock('../../../lib/realtime', () => ({ onServerEvent: jest.fn(), onConnectionChange: jest.fn() }));
const onServerEventMock = onServerEvent as unknown as jest.Mock;
const onConnectionChangeMock = onConnectionChange as unknown as jest.Mock;

describe('subscribeUnread', () => {
  it('listens to unread.changed and the connection state, and stops both', () => {
    let pushed: ((flags: unknown) => void) | undefined;
    let connection: ((connected: boolean) => void) | undefined;
    const stopPush = jest.fn();
    const stopConnection = jest.fn();
    onServerEventMock.mockImplementation((event: string, listener: (flags: unknown) => void) => {
      expect(event).toBe('unread.changed');
      pushed = listener;
      return stopPush;
    });
    onConnectionChangeMock.mockImplementation((listener: (connected: boolean) => void) => {
      connection = listener;
      return stopConnection;
    });
    const subscriber = { onFlags: jest.fn(), onConnected: jest.fn(), onDisconnected: jest.fn() };

    const stop = subscribeUnread(subscriber);
    pushed!({ hasUnreadNotifications: true, hasUnreadAnnouncements: false });
    connection!(false);
    connection!(true);
    expect(subscriber.onFlags).toHaveBeenCalledWith({ hasUnreadNotifications: true, hasUnreadAnnouncements: false });
    expect(subscriber.onDisconnected).toHaveBeenCalledTimes(1);
    expect(subscriber.onConnected).toHaveBeenCalledTimes(1);

    stop();
    expect(stopPush).toHaveBeenCalledTimes(1);
    expect(stopConnection).toHaveBeenCalledTimes(1);
  });
});
