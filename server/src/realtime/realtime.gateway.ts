import { Inject, Logger } from '@nestjs/common';
import { OnGatewayInit, WebSocketGateway } from '@nestjs/websockets';
import type { Server, Socket } from 'socket.io';
import { APP_CONFIG } from '../config/config.module.js';
import type { AppConfig } from '../config/config.js';
import { SessionStore } from '../common/auth/session-store.js';
import { ADMIN_ROOM, ClientToServerEvents, ServerToClientEvents, userRoom } from '../contracts/realtime.js';
import { readCookie } from '../common/http/cookies.js';

type CampusServer = Server<ClientToServerEvents, ServerToClientEvents>;

/**
 * Sockets only push; they never change state. The handshake must come from an allowed origin and carry
 * a live session cookie; the socket then joins its user's room (and the admin room for admins).
 */
@WebSocketGateway()
export class RealtimeGateway implements OnGatewayInit {
  private readonly logger = new Logger(RealtimeGateway.name);

  constructor(
    private readonly sessions: SessionStore,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  afterInit(server: CampusServer) {
    server.use((socket, next) => {
      this.authenticate(socket).then(
        () => next(),
        (error: Error) => next(error),
      );
    });
  }

  private async authenticate(socket: Socket): Promise<void> {
    const { origin, cookie } = socket.handshake.headers;
    if (!origin || !this.config.allowedOrigins.includes(origin)) throw new Error('ORIGIN_NOT_ALLOWED');
    const user = await this.sessions.resolve(readCookie(cookie, this.config.session.cookieName));
    if (!user) throw new Error('LOGIN_REQUIRED');
    await socket.join(userRoom(user.id));
    if (user.role === 'admin') await socket.join(ADMIN_ROOM);
    this.logger.debug(`socket ${socket.id} joined as ${user.id}`);
  }
}
