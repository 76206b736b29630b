import { Global, Inject, Injectable, Module } from '@nestjs/common';
import type { Redis } from 'ioredis';
import type { DatabaseConnection } from '../../database/connection.js';
import { DATABASE_CONNECTION } from '../../database/database.tokens.js';
import { RedisConnections } from '../../redis/redis.module.js';

const PROBE_TIMEOUT_MS = 2_000;

export type DependencyName = 'database' | 'redis';

export type DependencyState = { status: 'up'; kind?: string } | { status: 'down'; message: string };

export interface DependencyReport {
  /** `degraded` while PostgreSQL or Redis is away; the process keeps running and recovers by itself. */
  status: 'ok' | 'degraded';
  /** The dependencies that are away, e.g. `['database']`. */
  down: DependencyName[];
  info: Partial<Record<DependencyName, DependencyState>>;
  error: Partial<Record<DependencyName, DependencyState>>;
  details: Record<DependencyName, DependencyState>;
}

function withTimeout<T>(promise: Promise<T>): Promise<T> {
  return Promise.race([
    promise,
    new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`no answer within ${PROBE_TIMEOUT_MS} ms`)), PROBE_TIMEOUT_MS).unref()),
  ]);
}

/** Whether this process reaches PostgreSQL and Redis now: what readiness (API) and worker health report. */
@Injectable()
export class DependencyHealth {
  private readonly redis: Redis;

  constructor(
    @Inject(DATABASE_CONNECTION) private readonly database: DatabaseConnection,
    redisConnections: RedisConnections,
  ) {
    this.redis = redisConnections.open('commands');
  }

  async check(): Promise<DependencyReport> {
    const [database, redis] = await Promise.all([
      this.probe(() => this.database.ping(), { kind: this.database.kind }),
      // A connection that is not ready answers nothing until it reconnects: no need to wait 2 s.
      this.probe(() => (this.redis.status === 'ready' ? this.redis.ping() : Promise.reject(new Error(`Redis connection ${this.redis.status}`))), {}),
    ]);
    const details = { database, redis };
    const entries = Object.entries(details) as [DependencyName, DependencyState][];
    const down = entries.filter(([, state]) => state.status === 'down').map(([name]) => name);
    return {
      status: down.length === 0 ? 'ok' : 'degraded',
      down,
      info: Object.fromEntries(entries.filter(([, state]) => state.status === 'up')),
      error: Object.fromEntries(entries.filter(([, state]) => state.status === 'down')),
      details,
    };
  }

  private async probe(ping: () => Promise<unknown>, up: { kind?: string }): Promise<DependencyState> {
    try {
      await withTimeout(ping());
      return { status: 'up', ...up };
    } catch (error) {
      return { status: 'down', message: (error as Error).message || String(error) };
    }
  }
}

@Global()
@Module({ providers: [DependencyHealth], exports: [DependencyHealth] })
export class DependencyHealthModule {}
