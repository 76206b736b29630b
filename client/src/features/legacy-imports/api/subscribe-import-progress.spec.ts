import type { LegacyBadgeImportSummary } from '@campus/contracts/legacy-badge-imports';
import { onConnectionChange, onServerEvent } from '../../../lib/realtime';
import { subscribeImportProgress } from './subscribe-import-progress';

jest.mock('../../../lib/realtime', () => ({ onServerEvent: jest.fn(), onConnectionChange: jest.fn() }));
const onServerEventMock = onServerEvent as unknown as jest.Mock;
const onConnectionChangeMock = onConnectionChange as unknown as jest.Mock;

const progressOf = (importId: string) => ({ importId, processedRows: 1 }) as LegacyBadgeImportSummary;

describe('subscribeImportProgress', () => {
  it('passes on the pushes of its import only, and the connection, and stops both', () => {
    let push: ((progress: LegacyBadgeImportSummary) => void) | undefined;
    let connection: ((connected: boolean) => void) | undefined;
    const stopPush = jest.fn();
    const stopConnection = jest.fn();
    onServerEventMock.mockImplementation((event: string, listener: (progress: LegacyBadgeImportSummary) => void) => {
      expect(event).toBe('admin.importProgress');
      push = listener;
      return stopPush;
    });
    onConnectionChangeMock.mockImplementation((listener: (connected: boolean) => void) => {
      connection = listener;
      return stopConnection;
    });
    const subscriber = { onProgress: jest.fn(), onConnected: jest.fn(), onDisconnected: jest.fn() };

    const stop = subscribeImportProgress('imp-1', subscriber);
    push!(progressOf('imp-2'));
    push!(progressOf('imp-1'));
    connection!(true);
    connection!(false);
    expect(subscriber.onProgress.mock.calls).toEqual([[progressOf('imp-1')]]);
    expect(subscriber.onConnected).toHaveBeenCalledTimes(1);
    expect(subscriber.onDisconnected).toHaveBeenCalledTimes(1);

    stop();
    expect(stopPush).toHaveBeenCalledTimes(1);
    expect(stopConnection).toHaveBeenCalledTimes(1);
  });
});
