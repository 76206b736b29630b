import { Global, Inject, Injectable, Logger, Module, OnApplicationShutdown } from '@nestjs/common';
import { Redis } from 'ioredis';
import { APP_CONFIG } from '../config/config.module.js';
import type { AppConfig } from '../config/config.js';
import { backoffDelay } from '../contracts/backoff.mjs';

/** Reconnect after 0.1 s, 0.2 s, 0.4 s … at most every 2 s, for ever: an outage of any length heals. */
export const redisRetryDelay = (attempt: number) => backoffDelay(attempt, { firstMs: 100, maxMs: 2_000 });

const OPTIONAL_COMMAND_TIMEOUT_MS = 300;

/** Hands out Redis connections and closes every one of them at shutdown. */
@Injectable()
export class RedisConnections implements OnApplicationShutdown {
  private readonly logger = new Logger('Redis');
  private readonly opened: Redis[] = [];
  /** Connections that reported an error and have not been ready since; logged once per outage. */
  private readonly away = new Set<Redis>();

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  /**
   * BullMQ workers and subscribers need `maxRetriesPerRequest: null`; plain commands may fail after a
   * few retries; `optional` ones (the rate limits) fail at once while Redis is away and after
   * OPTIONAL_COMMAND_TIMEOUT_MS when it hangs, so the request they guard goes on without them.
   */
  open(purpose: 'commands' | 'blocking' | 'optional'): Redis {
    const connection = new Redis(this.config.redis.url, {
      maxRetriesPerRequest: { blocking: null, commands: 3, optional: 0 }[purpose],
      enableOfflineQueue: purpose !== 'optional',
      // The rate limits count every limited request: the commands of requests arriving together leave in one write.
      ...(purpose === 'optional' ? { commandTimeout: OPTIONAL_COMMAND_TIMEOUT_MS, enableAutoPipelining: true } : {}),
      lazyConnect: false,
      retryStrategy: redisRetryDelay,
    });
    // ioredis reconnects by itself; an unhandled 'error' event would crash the process instead.
    connection.on('error', (error: Error) => {
      if (this.away.size === 0) this.logger.warn({ err: error }, 'Redis is unavailable; reconnecting');
      this.away.add(connection);
    });
    connection.on('ready', () => {
      if (this.away.delete(connection) && this.away.size === 0) this.logger.log('Redis is available again');
    });
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
