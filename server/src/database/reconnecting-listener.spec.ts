import { EventEmitter } from 'node:events';
import type { Client } from 'pg';
import { ReconnectingListener } from './reconnecting-listener';

/** A pg Client stand-in: `connect` fails while the server is "down"; tests make it emit like pg does. */
class FakeClient extends EventEmitter {
  queries: string[] = [];
  ended = false;
  constructor(private readonly server: { up: boolean }) {
    super();
  }
  async connect() {
    if (!this.server.up) throw Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' });
  }
  async query(text: string) {
    this.queries.push(text);
  }
  async end() {
    this.ended = true;
  }
}

describe('ReconnectingListener', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  const setUp = (up: boolean) => {
    const server = { up };
    const clients: FakeClient[] = [];
    const onNotify = jest.fn();
    const losses: number[] = [];
    const listener = new ReconnectingListener(
      () => {
        const client = new FakeClient(server);
        clients.push(client);
        return client as unknown as Client;
      },
      {},
      'campus_events',
      { onNotify, onLost: (_error, retryInMs) => losses.push(retryInMs) },
    );
    return { server, clients, onNotify, losses, listener };
  };

  it('LISTENs, passes on notifications of its channel, and catches up once on connecting', async () => {
    const { clients, onNotify, listener } = setUp(true);
    await listener.start();
    expect(clients[0]!.queries).toEqual(['LISTEN campus_events']);
    expect(onNotify).toHaveBeenCalledTimes(1);
    clients[0]!.emit('notification', { channel: 'campus_events' });
    clients[0]!.emit('notification', { channel: 'other' });
    expect(onNotify).toHaveBeenCalledTimes(2);
    await listener.stop();
    expect(clients[0]!.ended).toBe(true);
  });

  it('survives the server going away: no unhandled error, retries with growing delays, LISTENs again', async () => {
    const { server, clients, onNotify, losses, listener } = setUp(true);
    await listener.start();
    server.up = false;
    // What pg does when the server terminates an idle connection; unheard, this would end the process.
    clients[0]!.emit('error', new Error('Connection terminated unexpectedly'));
    clients[0]!.emit('end');
    expect(losses).toEqual([250]);
    await jest.advanceTimersByTimeAsync(250);
    await jest.advanceTimersByTimeAsync(500);
    await jest.advanceTimersByTimeAsync(1_000);
    expect(losses).toEqual([250, 500, 1_000, 2_000]);
    server.up = true;
    await jest.advanceTimersByTimeAsync(2_000);
    const last = clients.at(-1)!;
    expect(last.queries).toEqual(['LISTEN campus_events']);
    expect(onNotify).toHaveBeenCalledTimes(2);
    last.emit('notification', { channel: 'campus_events' });
    expect(onNotify).toHaveBeenCalledTimes(3);
    // After a success the backoff starts again from the shortest delay.
    last.emit('error', new Error('Connection terminated unexpectedly'));
    expect(losses.at(-1)).toBe(250);
    await listener.stop();
  });

  it('keeps trying when the server is down at start, and stops trying once stopped', async () => {
    const { server, clients, listener } = setUp(false);
    await listener.start();
    await jest.advanceTimersByTimeAsync(250);
    expect(clients).toHaveLength(2);
    await listener.stop();
    server.up = true;
    await jest.advanceTimersByTimeAsync(60_000);
    expect(clients).toHaveLength(2);
  });
});
