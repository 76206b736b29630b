import { Inject, Logger, OnModuleDestroy } from '@nestjs/common';
import { OnGatewayInit, WebSocketGateway } from '@nestjs/websockets';
import type { Server, Socket } from 'socket.io';
import { APP_CONFIG } from '../config/config.module.js';
import type { AppConfig } from '../config/config.js';
import { SESSION_LOOKUP, type SessionLookup, tokenHashOf } from '../common/auth/session-lookup.js';
import { ADMIN_ROOM, ClientToServerEvents, ServerToClientEvents, userRoom } from '../contracts/realtime.js';
import { readCookie } from '../common/http/cookies.js';
import { RedisConnections } from '../redis/redis.module.js';
import { commitPushesChannel, type RoomPush, sessionRoom } from './realtime-publisher.js';

/** What the gateway keeps on each socket: the session it was opened with. */
interface SocketData {
  tokenHash: string;
}

type CampusServer = Server<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData>;
type CampusSocket = Socket<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData>;

/**
 * Sockets only push; they never change state. The handshake must come from an allowed origin and carry
 * a live session cookie; the socket then joins its user's room, its session's room (ended at logout)
 * and the admin room for admins. A socket lives no longer than its session: every
 * SOCKET_SESSION_CHECK_SECONDS each process checks its sockets' sessions again, ends those gone,
 * idle or past their end, and keeps the admin room to sessions whose user is still an admin.
 * The pushes of each commit, from whichever process made it, arrive as one message on the commit-pushes
 * channel, and each process delivers them to its own sockets.
 */
@WebSocketGateway()
export class RealtimeGateway implements OnGatewayInit, OnModuleDestroy {
  private readonly logger = new Logger(RealtimeGateway.name);
  private recheckTimer: NodeJS.Timeout | undefined;
  private rechecking = false;

  constructor(
    @Inject(SESSION_LOOKUP) private readonly sessions: SessionLookup,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly redis: RedisConnections,
  ) {}

  afterInit(server: CampusServer) {
    server.use((socket, next) => {
      this.authenticate(socket).then(
        () => next(),
        (error: Error) => next(error),
      );
    });
    this.recheckTimer = setInterval(() => void this.recheckSessions(server), this.config.session.socketCheckMs);
    this.recheckTimer.unref();
    // ioredis subscribes again by itself after a reconnect; pushes published meanwhile are lost, and clients re-read.
    const subscriber = this.redis.open('blocking');
    subscriber.on('message', (_channel: string, message: string) => this.deliverLocally(server, message));
    subscriber.subscribe(commitPushesChannel(this.config)).catch((error: unknown) => this.logger.warn({ err: error }, 'commit pushes not subscribed'));
  }

  /** Only this process's sockets: every API process receives the same message. */
  private deliverLocally(server: CampusServer, message: string): void {
    let pushes: RoomPush[];
    try {
      pushes = JSON.parse(message) as RoomPush[];
    } catch {
      return;
    }
    const rooms = server.of('/').adapter.rooms;
    for (const { room, name, args } of pushes) {
      // Every process hears every push; a room with no socket here is skipped before socket.io encodes the packet.
      if (room !== null && !rooms.has(room)) continue;
      const target = room === null ? server.local : server.local.to(room);
      (target.emit as (name: string, ...args: unknown[]) => boolean)(name, ...args);
    }
  }

  onModuleDestroy() {
    clearInterval(this.recheckTimer);
  }

  private async authenticate(socket: CampusSocket): Promise<void> {
    const { origin, cookie } = socket.handshake.headers;
    if (!origin || !this.config.allowedOrigins.includes(origin)) throw new Error('ORIGIN_NOT_ALLOWED');
    const token = readCookie(cookie, this.config.session.cookieName);
    // Fresh: a session ended a moment ago on another process must not open a socket here.
    const user = await this.sessions.resolve(token, { fresh: true });
    if (!user) throw new Error('LOGIN_REQUIRED');
    socket.data.tokenHash = tokenHashOf(token!);
    await socket.join([userRoom(user.id), sessionRoom(socket.data.tokenHash), ...(user.role === 'admin' ? [ADMIN_ROOM] : [])]);
    this.logger.debug(`socket ${socket.id} joined as ${user.id}`);
  }

  /** One query for all of this process's sockets; a database outage leaves them as they are until the next round. */
  private async recheckSessions(server: CampusServer): Promise<void> {
    if (this.rechecking) return;
    this.rechecking = true;
    try {
      const sockets = [...server.of('/').sockets.values()];
      if (sockets.length === 0) return;
      const roles = await this.sessions.liveRoles([...new Set(sockets.map((socket) => socket.data.tokenHash))]);
      for (const socket of sockets) {
        const role = roles.get(socket.data.tokenHash);
        if (!role) socket.disconnect(true);
        else if (role === 'admin') void socket.join(ADMIN_ROOM);
        else void socket.leave(ADMIN_ROOM);
      }
    } catch (error) {
      this.logger.warn({ err: error }, 'socket session check failed; trying again next round');
    } finally {
      this.rechecking = false;
    }
  }
}
