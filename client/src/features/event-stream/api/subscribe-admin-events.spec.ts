import { onConnectionChange, onServerEvent } from '../../../lib/realtime';
import { subscribeAdminEvents } from './subscribe-admin-events';

jest.mock('../../../lib/realtime', () => ({ onServerEvent: jest.fn(), onConnectionChange: jest.fn() }));
const onServerEventMock = onServerEvent as unknown as jest.Mock;
const onConnectionChangeMock = onConnectionChange as unknown as jest.Mock;

describe('subscribeAdminEvents', () => {
  it('listens to admin.events (one batch, each event in turn) and the connection, and stops both', () => {
    let pushed: ((payload: unknown) => void) | undefined;
    let connection: ((connected: boolean) => void) | undefined;
    const stopPush = jest.fn();
    const stopConnection = jest.fn();
    onServerEventMock.mockImplementation((event: string, listener: (payload: unknown) => void) => {
      expect(event).toBe('admin.events');
      pushed = listener;
      return stopPush;
    });
    onConnectionChangeMock.mockImplementation((listener: (connected: boolean) => void) => {
      connection = listener;
      return stopConnection;
    });
    const subscriber = { onEvent: jest.fn(), onConnected: jest.fn(), onDisconnected: jest.fn() };

    const stop = subscribeAdminEvents(subscriber);
    pushed!([{ seq: 1 }, { seq: 2 }]);
    connection!(false);
    connection!(true);
    expect(subscriber.onEvent.mock.calls).toEqual([[{ seq: 1 }], [{ seq: 2 }]]);
    expect(subscriber.onDisconnected).toHaveBeenCalledTimes(1);
    expect(subscriber.onConnected).toHaveBeenCalledTimes(1);

    stop();
    expect(stopPush).toHaveBeenCalledTimes(1);
    expect(stopConnection).toHaveBeenCalledTimes(1);
  });
});
