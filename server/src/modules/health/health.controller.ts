import { Controller, Get, Header, Inject } from '@nestjs/common';
import { HealthCheck, HealthCheckService, HealthIndicatorService } from '@nestjs/terminus';
import type { Redis } from 'ioredis';
import type { DatabaseConnection } from '../../database/connection.js';
import { DATABASE_CONNECTION } from '../../database/database.tokens.js';
import { RedisConnections } from '../../redis/redis.module.js';

const PROBE_TIMEOUT_MS = 2_000;

function withTimeout<T>(promise: Promise<T>): Promise<T> {
  return Promise.race([
    promise,
    new Promise<never>((_, reject) => setTimeout(() => reject(new Error('timed out')), PROBE_TIMEOUT_MS).unref()),
  ]);
}

@Controller()
export class HealthController {
  private readonly redis: Redis;

  constructor(
    private readonly health: HealthCheckService,
    private readonly indicators: HealthIndicatorService,
    @Inject(DATABASE_CONNECTION) private readonly database: DatabaseConnection,
    redisConnections: RedisConnections,
  ) {
    this.redis = redisConnections.open('commands');
  }

  /** Liveness: the process answers. */
  @Get('health')
  @Header('cache-control', 'no-store')
  live() {
    return { status: 'ok' };
  }

  /** Readiness: the process can reach PostgreSQL and Redis. */
  @Get('ready')
  @HealthCheck()
  ready() {
    return this.health.check([() => this.probe('database', () => this.database.ping()), () => this.probe('redis', () => this.redis.ping())]);
  }

  private async probe(key: 'database' | 'redis', ping: () => Promise<unknown>) {
    const indicator = this.indicators.check(key);
    try {
      await withTimeout(ping());
      return indicator.up(key === 'database' ? { kind: this.database.kind } : {});
    } catch (error) {
      return indicator.down({ message: (error as Error).message });
    }
  }
}
