import { Global, Inject, Injectable, Module, OnApplicationShutdown } from '@nestjs/common';
import { Redis } from 'ioredis';
import { APP_CONFIG } from '../config/config.module.js';
import type { AppConfig } from '../config/config.js';

/** Hands out Redis connections and closes every one of them at shutdown. */
@Injectable()
export class RedisConnections implements OnApplicationShutdown {
  private readonly opened: Redis[] = [];

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  /** BullMQ workers and subscribers need `maxRetriesPerRequest: null`; plain commands may fail fast. */
  open(purpose: 'commands' | 'blocking'): Redis {
    const connection = new Redis(this.config.redis.url, {
      maxRetriesPerRequest: purpose === 'blocking' ? null : 3,
      enableOfflineQueue: true,
      lazyConnect: false,
    });
    // ioredis reconnects by itself; an unhandled 'error' event would crash the process instead.
    connection.on('error', () => undefined);
    this.opened.push(connection);
    return connection;
  }

  async onApplicationShutdown() {
    await Promise.all(this.opened.map((connection) => connection.quit().catch(() => connection.disconnect())));
  }
}

@Global()
@Module({ providers: [RedisConnections], exports: [RedisConnections] })
export class RedisModule {}
