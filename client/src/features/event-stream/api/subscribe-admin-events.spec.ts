import { onConnectionChange, onServerEvent } from '../../../lib/realtime';
import { subscribeAdminEvents } from './subscribe-admin-events';

jest.mock('../../../lib/realtime', () => ({ onServerEvent: jest.fn(), onConnectionChange: jest.fn() }));
const onServerEventMock = onServerEvent as unknown as jest.Mock;
const onConnectionChangeMock = onConnectionChange as unknown as jest.Mock;

describe('subscribeAdminEvents', () => {
  it('listens to the admins’ hint and to the connection, and stops both', () => {
    let hinted: (() => void) | undefined;
    let connection: ((connected: boolean) => void) | undefined;
    const stopHint = jest.fn();
    const stopConnection = jest.fn();
    onServerEventMock.mockImplementation((event: string, listener: () => void) => {
      expect(event).toBe('admin.eventsCommitted');
      hinted = listener;
      return stopHint;
    });
    onConnectionChangeMock.mockImplementation((listener: (connected: boolean) => void) => {
      connection = listener;
      return stopConnection;
    });
    const subscriber = { onCommitted: jest.fn(), onConnected: jest.fn(), onDisconnected: jest.fn() };

    const stop = subscribeAdminEvents(subscriber);
    hinted!();
    hinted!();
    connection!(false);
    connection!(true);
    expect(subscriber.onCommitted).toHaveBeenCalledTimes(2);
    expect(subscriber.onDisconnected).toHaveBeenCalledTimes(1);
    expect(subscriber.onConnected).toHaveBeenCalledTimes(1);

    stop();
    expect(stopHint).toHaveBeenCalledTimes(1);
    expect(stopConnection).toHaveBeenCalledTimes(1);
  });
});
