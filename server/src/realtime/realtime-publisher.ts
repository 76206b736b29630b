import { Inject, Injectable } from '@nestjs/common';
import { Emitter } from '@socket.io/redis-emitter';
import { APP_CONFIG } from '../config/config.module.js';
import type { AppConfig } from '../config/config.js';
import { ADMIN_ROOM, ServerToClientEvents, userRoom } from '../contracts/realtime.js';
import { RedisConnections } from '../redis/redis.module.js';
import { tokenHashOf } from '../common/auth/session-lookup.js';

/** The socket.io adapter and emitter must agree on this key for pushes to cross processes. */
export const socketIoRedisKey = (config: AppConfig) => `${config.redis.prefix}:socket.io`;

/**
 * The channel on which the pushes of one commit travel together, as one message, to every API process
 * (`RealtimeGateway` delivers them to its own sockets). A storm's batch of 250 time-ups is one publish
 * instead of 250: encoding them one by one through the emitter cost the worker ~70 ms before its code was warm.
 */
export const commitPushesChannel = (config: AppConfig) => `${socketIoRedisKey(config)}:commit-pushes`;

/** One push: an event and its arguments for a room, or for every socket when `room` is null. */
export interface RoomPush {
  room: string | null;
  name: keyof ServerToClientEvents;
  args: unknown[];
}

/** Every socket opened with one session cookie, in whichever API process: ended together at logout. */
export const sessionRoom = (tokenHash: string) => `session:${tokenHash}`;

/** Pushes typed events to rooms from any process (API or worker) through Redis. */
@Injectable()
export class RealtimePublisher {
  private readonly emitter: Emitter<ServerToClientEvents>;
  private readonly publish: (channel: string, message: string) => Promise<number>;
  private readonly channel: string;

  constructor(@Inject(APP_CONFIG) config: AppConfig, redis: RedisConnections) {
    const connection = redis.open('commands');
    this.channel = commitPushesChannel(config);
    // The emitter publishes without awaiting, so a publish refused while Redis is away would be an
    // unhandled rejection, which ends a Node process. A push lost that way is only a push: clients
    // catch up on reconnect (docs/architecture.md §6).
    this.publish = (channel: string, message: string | Buffer) => connection.publish(channel, message).catch(() => 0);
    this.emitter = new Emitter<ServerToClientEvents>({ publish: this.publish }, { key: socketIoRedisKey(config) });
  }

  /** One push to a room, or to every socket when `room` is null. */
  emitTo<E extends keyof ServerToClientEvents>(room: string | null, name: E, ...args: Parameters<ServerToClientEvents[E]>): void {
    this.emitAll([{ room, name, args }]);
  }

  /** Several pushes (those of one commit) as one message to every API process. */
  emitAll(pushes: readonly RoomPush[]): void {
    if (pushes.length > 0) void this.publish(this.channel, JSON.stringify(pushes));
  }

  /**
   * Disconnects every socket of the session `token`, in every API process. Lost if Redis is away at
   * that moment: the gateway's periodic session check then ends them (docs/architecture.md §6).
   */
  endSessionSockets(token: string): void {
    this.emitter.in(sessionRoom(tokenHashOf(token))).disconnectSockets(true);
  }

  /** After a role change: the user's open sockets join or leave the admin stream. */
  setAdminStream(userId: string, isAdmin: boolean): void {
    const sockets = this.emitter.in(userRoom(userId));
    if (isAdmin) sockets.socketsJoin(ADMIN_ROOM);
    else sockets.socketsLeave(ADMIN_ROOM);
  }

  toUser(userId: string) {
    return this.emitter.to(userRoom(userId));
  }

  toAdmins() {
    return this.emitter.to(ADMIN_ROOM);
  }

  toEveryone() {
    return this.emitter;
  }
}
