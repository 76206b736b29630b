import { Logger } from '@nestjs/common';
import type { DiscoveryService } from '@nestjs/core';
import type { StoredEvent } from '../database/event-store';
import { EventPushes } from './event-pushes';
import { PushPayloads, type ReadsPushPayloads } from './push-payloads';
import type { RealtimePublisher } from './realtime-publisher';

const anEvent = (seq: number, type: string, data: unknown, streamId = 's'): StoredEvent => ({
  seq,
  id: `e${seq}`,
  streamType: 'user',
  streamId,
  version: seq,
  type,
  data,
  meta: { actorId: null, requestId: null, correlationId: 'c', causationId: null },
  occurredAt: new Date().toISOString(),
});

@PushPayloads('unread.changed')
class FakeUnreadFlags implements ReadsPushPayloads<'unread.changed'> {
  calls: string[][] = [];
  fail = false;
  async readPayloads(userIds: readonly string[]) {
    this.calls.push([...userIds]);
    if (this.fail) throw new Error('connection terminated');
    return new Map(userIds.filter((id) => id !== 'gone').map((id) => [id, { hasUnreadNotifications: true, hasUnreadAnnouncements: false }]));
  }
}

function setUp() {
  const flags = new FakeUnreadFlags();
  const discovery = { getProviders: () => [{ metatype: FakeUnreadFlags, instance: flags }, { metatype: class Plain {}, instance: {} }] } as unknown as DiscoveryService;
  const emitted: [string | null, string, unknown[]][] = [];
  const realtime = { emitTo: (room: string | null, name: string, ...args: unknown[]) => emitted.push([room, name, args]) } as unknown as RealtimePublisher;
  return { pushes: new EventPushes(discovery, realtime), flags, emitted };
}

describe('EventPushes', () => {
  it('reads each kind of payload once per batch, pushes it to each learner found, and the admin stream once', async () => {
    const { pushes, flags, emitted } = setUp();
    await pushes.push([anEvent(1, 'NotificationCreated', { userId: 'u1' }), anEvent(2, 'NotificationCreated', { userId: 'gone' }), anEvent(3, 'NotificationsRead', { userId: 'u1' })]);
    expect(flags.calls).toEqual([['u1', 'gone']]);
    expect(emitted.map(([room, name]) => [room, name])).toEqual([
      ['user:u1', 'unread.changed'],
      ['admin', 'admin.events'],
    ]);
    expect((emitted[1]![2][0] as { seq: number }[]).map((event) => event.seq)).toEqual([1, 2, 3]);
  });

  it('skips a push whose read fails and still sends the rest (the batch is relayed whatever its pushes do)', async () => {
    const { pushes, flags, emitted } = setUp();
    flags.fail = true;
    const warned = jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);
    await expect(pushes.push([anEvent(1, 'NotificationCreated', { userId: 'u1' }), anEvent(2, 'CertificateIssued', { userId: 'u1', certificateId: 'c', slug: 'x', courseSlug: 'y' })])).resolves.toBeUndefined();
    expect(emitted.map(([room, name]) => [room, name])).toEqual([
      ['user:u1', 'certificate.issued'],
      ['admin', 'admin.events'],
    ]);
    expect(warned).toHaveBeenCalledWith(expect.anything(), 'unread.changed not pushed; clients re-read');
    warned.mockRestore();
  });

  it('pushes nothing for an empty batch', async () => {
    const { pushes, emitted } = setUp();
    await pushes.push([]);
    expect(emitted).toEqual([]);
  });
});
