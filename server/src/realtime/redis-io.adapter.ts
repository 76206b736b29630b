import type { INestApplicationContext } from '@nestjs/common';
import type { MessageMappingProperties } from '@nestjs/websockets';
import { IoAdapter } from '@nestjs/platform-socket.io';
import type { Observable } from 'rxjs';
import { createAdapter } from '@socket.io/redis-adapter';
import type { Server, ServerOptions, Socket } from 'socket.io';
import type { AppConfig } from '../config/config.js';
import type { RedisConnections } from '../redis/redis.module.js';
import { socketIoRedisKey } from './realtime-publisher.js';

/** socket.io on the API port, sharing rooms with every other API process through Redis. */
export class RedisIoAdapter extends IoAdapter {
  constructor(
    app: INestApplicationContext,
    private readonly config: AppConfig,
    private readonly redis: RedisConnections,
  ) {
    super(app);
  }

  override createIOServer(port: number, options?: ServerOptions): Server {
    const server = super.createIOServer(port, {
      ...options,
      path: '/socket.io',
      serveClient: false,
      cors: { origin: this.config.allowedOrigins, credentials: true },
    }) as Server;
    server.adapter(
      createAdapter(this.redis.open('blocking'), this.redis.open('blocking'), { key: socketIoRedisKey(this.config) }),
    );
    return server;
  }

  /**
   * Our sockets only receive pushes, so there are no message handlers to bind; Nest would still keep a
   * disconnect observable per socket for the socket's life (about 2 KiB each, seen in the idle-sockets benchmark).
   */
  override bindMessageHandlers(socket: Socket, handlers: MessageMappingProperties[], transform: (data: unknown) => Observable<unknown>): void {
    if (handlers.length === 0) return;
    super.bindMessageHandlers(socket, handlers, transform);
  }
}
