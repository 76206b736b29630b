import { Logger } from '@nestjs/common';
import type { DiscoveryService } from '@nestjs/core';
import { randomUUID } from 'node:crypto';
import { openDatabase } from '../database/connection';
import { DomainEvent, EventStore, type StoredEvent } from '../database/event-store';
import { ADMIN_STREAM_BATCH_MS, EventPushes } from './event-pushes';
import { PushPayloads, type ReadsPushPayloads } from './push-payloads';
import type { RealtimePublisher, RoomPush } from './realtime-publisher';
import { campusPushes } from '../campus-registrations';

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

class ExamExpired extends DomainEvent<{ userId: string; courseSlug: string }> {
  readonly type = 'ExamExpired';
}

function setUp(eventStore = {} as EventStore) {
  const flags = new FakeUnreadFlags();
  const discovery = { getProviders: () => [{ metatype: FakeUnreadFlags, instance: flags }, { metatype: class Plain {}, instance: {} }] } as unknown as DiscoveryService;
  const emitted: [string | null, string, unknown[]][] = [];
  /** What went out as one Redis message each. */
  const messages: RoomPush[][] = [];
  const realtime = {
    emitTo: (room: string | null, name: string, ...args: unknown[]) => emitted.push([room, name, args]),
    emitAll: (pushes: readonly RoomPush[]) => {
      if (pushes.length > 0) messages.push([...pushes]);
      for (const push of pushes) emitted.push([push.room, push.name, push.args]);
    },
  } as unknown as RealtimePublisher;
  return { pushes: new EventPushes(discovery, realtime, eventStore, campusPushes), flags, emitted, messages };
}

const afterAdminHint = () => new Promise((resolve) => setTimeout(resolve, ADMIN_STREAM_BATCH_MS + 20));

describe('EventPushes', () => {
  it("pushes each commit of this process right after it, and one hint to admins for the commits of a window", async () => {
    const connection = await openDatabase({ kind: 'pglite', dataDir: 'memory://' });
    await connection.migrate();
    const eventStore = new EventStore(connection);
    const { pushes, emitted } = setUp(eventStore);
    pushes.onModuleInit();
    const meta = { actorId: null, requestId: null, correlationId: 'c', causationId: null };
    const commitExpiry = (userId: string) =>
      eventStore.commit(meta, ({ append }) =>
        append({ streamType: 'exam-session', streamId: randomUUID(), expectedVersion: 0 }, [new ExamExpired({ userId, courseSlug: 'line-ads-basic' })]),
      );
    await commitExpiry('u1');
    // The learner's push leaves with the commit; the admins' hint waits for the others of its window.
    expect(emitted.map(([room, name]) => [room, name])).toEqual([['user:u1', 'exam.timeUp']]);
    await commitExpiry('u2');
    await afterAdminHint();
    expect(emitted.map(([room, name]) => [room, name])).toEqual([
      ['user:u1', 'exam.timeUp'],
      ['user:u2', 'exam.timeUp'],
      ['admin', 'admin.eventsCommitted'],
    ]);
    // Only a hint: the consoles read the events from the table.
    expect(emitted[2]![2]).toEqual([]);
    pushes.onApplicationShutdown();
    await commitExpiry('u3');
    expect(emitted).toHaveLength(3);
    await connection.close();
  });

  it("sends the pushes of one commit as one message, however many learners it concerns (a storm's batch of time-ups)", async () => {
    const { pushes, messages } = setUp();
    await pushes.push(Array.from({ length: 250 }, (_, index) => anEvent(index + 1, 'ExamExpired', { userId: `u${index}`, courseSlug: 'line-ads-basic' })));
    expect(messages).toHaveLength(1);
    expect(messages[0]).toHaveLength(250);
    expect(messages[0]![249]).toEqual({ room: 'user:u249', name: 'exam.timeUp', args: [{ examSessionId: expect.any(String), courseSlug: 'line-ads-basic' }] });
    pushes.onApplicationShutdown();
  });

  it('sends the pending admin hint at shutdown, and none when nothing is pending', async () => {
    const { pushes, emitted } = setUp();
    await pushes.push([anEvent(1, 'AnswerSaved', { questionId: 'q1' })]);
    expect(emitted).toEqual([]);
    pushes.onApplicationShutdown();
    expect(emitted.map(([room, name]) => [room, name])).toEqual([['admin', 'admin.eventsCommitted']]);
    pushes.onApplicationShutdown();
    await afterAdminHint();
    expect(emitted).toHaveLength(1);
  });

  it('reads each kind of payload once per commit, pushes it to each learner found, and hints admins once', async () => {
    const { pushes, flags, emitted } = setUp();
    await pushes.push([anEvent(1, 'NotificationCreated', { userId: 'u1' }), anEvent(2, 'NotificationCreated', { userId: 'gone' }), anEvent(3, 'NotificationsRead', { userId: 'u1' })]);
    await afterAdminHint();
    expect(flags.calls).toEqual([['u1', 'gone']]);
    expect(emitted.map(([room, name]) => [room, name])).toEqual([
      ['user:u1', 'unread.changed'],
      ['admin', 'admin.eventsCommitted'],
    ]);
  });

  it('skips a push whose read fails and still sends the rest (the commit stands whatever its pushes do)', async () => {
    const { pushes, flags, emitted } = setUp();
    flags.fail = true;
    const warned = jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);
    await expect(pushes.push([anEvent(1, 'NotificationCreated', { userId: 'u1' }), anEvent(2, 'CertificateIssued', { userId: 'u1', certificateId: 'c', slug: 'x', courseSlug: 'y' })])).resolves.toBeUndefined();
    await afterAdminHint();
    expect(emitted.map(([room, name]) => [room, name])).toEqual([
      ['user:u1', 'certificate.issued'],
      ['admin', 'admin.eventsCommitted'],
    ]);
    expect(warned).toHaveBeenCalledWith(expect.anything(), 'unread.changed not pushed; clients re-read');
    warned.mockRestore();
  });

  it('pushes nothing for an empty batch', async () => {
    const { pushes, emitted } = setUp();
    await pushes.push([]);
    await afterAdminHint();
    expect(emitted).toEqual([]);
  });
});
