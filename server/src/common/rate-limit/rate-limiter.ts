import { Inject, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Redis } from 'ioredis';
import { RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import { APP_CONFIG } from '../../config/config.module.js';
import type { AppConfig } from '../../config/config.js';
import { RATE_LIMIT_CLASSES, type RateLimitClass } from '../../contracts/rate-limits.js';
import { RedisConnections } from '../../redis/redis.module.js';
import { readSessionToken } from '../auth/session-cookie.js';
import { SESSION_LOOKUP, type SessionLookup } from '../auth/session-lookup.js';
import { tooManyRequests } from '../../core/errors/app-error.js';
import { clientAddressKey, rateLimitClassOf } from './route-rate-limits.js';

/** How long the start waits for the counters' connection; after that the API starts without limits until it comes. */
const STARTUP_WAIT_MS = 3_000;

interface ClassCounters {
  perIp: RateLimiterRedis;
  perUser: RateLimiterRedis | null;
}

/**
 * The API's rate limits: one request hook, counters in Redis shared by every API process, one
 * fixed window per class, client address and user (numbers in contracts/rate-limits.ts, classes
 * on the routes in contracts/api-routes.ts). Over a limit: 429 TOO_MANY_REQUESTS with Retry-After.
 * Without Redis the limits are not applied (the campus keeps working) and a warning is logged.
 */
@Injectable()
export class RateLimiter implements OnApplicationBootstrap {
  private readonly logger = new Logger('RateLimiter');
  private readonly client: Redis;
  private readonly counters: Record<RateLimitClass, ClassCounters>;
  /** Set while counting fails, so an outage is logged once and its end once. */
  private failing = false;

  constructor(
    redis: RedisConnections,
    @Inject(SESSION_LOOKUP) private readonly sessions: SessionLookup,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    const client = (this.client = redis.open('optional'));
    const counter = (routeClass: RateLimitClass, dimension: string, points: number, windowSeconds: number) =>
      new RateLimiterRedis({
        storeClient: client,
        keyPrefix: `${config.redis.prefix}:rate-limit:${routeClass}:${dimension}`,
        points,
        duration: windowSeconds,
        // Fail at once while the connection is down instead of waiting for it.
        rejectIfRedisNotReady: true,
        // A client over its limit is refused from memory for the rest of the window: a flood costs no Redis round trips.
        inMemoryBlockOnConsumed: points + 1,
      });
    this.counters = Object.fromEntries(
      RATE_LIMIT_CLASSES.map((routeClass) => {
        const { perIp, perUser, windowSeconds } = config.rateLimits[routeClass];
        return [
          routeClass,
          {
            perIp: counter(routeClass, 'ip', perIp, windowSeconds),
            perUser: perUser === null ? null : counter(routeClass, 'user', perUser, windowSeconds),
          },
        ];
      }),
    ) as Record<RateLimitClass, ClassCounters>;
  }

  /** The first requests are counted too: the process listens once the connection is up (or clearly is not). */
  async onApplicationBootstrap(): Promise<void> {
    if (this.client.status === 'ready') return;
    let timer: NodeJS.Timeout | undefined;
    const ready = await new Promise<boolean>((resolve) => {
      this.client.once('ready', () => resolve(true));
      timer = setTimeout(() => resolve(false), STARTUP_WAIT_MS);
    });
    clearTimeout(timer);
    if (!ready) this.logger.warn('rate limits not applied until Redis is available');
  }

  /**
   * After the cross-site check (refused writes are not counted) and before the body is parsed.
   * Routes without a class pass synchronously: no promise for them.
   */
  attach(fastify: FastifyInstance): void {
    fastify.addHook('onRequest', (request, reply, done) => {
      const routeClass = rateLimitClassOf(request.method, request.routeOptions.url);
      if (!routeClass) return done();
      this.retryAfterSeconds(routeClass, request).then(
        (seconds) => {
          if (seconds === null) return done();
          reply.header('retry-after', String(seconds));
          done(tooManyRequests());
        },
        (error: unknown) => {
          this.logger.warn({ err: error }, 'rate limit not applied');
          done();
        },
      );
    });
  }

  /** Seconds until the request would be admitted, or null when it is admitted (also when Redis is away). */
  async retryAfterSeconds(routeClass: RateLimitClass, request: FastifyRequest): Promise<number | null> {
    const { perIp, perUser } = this.counters[routeClass];
    const userId = perUser ? await this.userIdOf(request) : null;
    const outcomes = await Promise.allSettled([
      perIp.consume(clientAddressKey(request.ip)),
      ...(perUser && userId ? [perUser.consume(userId)] : []),
    ]);
    let waitMs: number | null = null;
    let failure: unknown;
    for (const outcome of outcomes) {
      if (outcome.status === 'fulfilled') continue;
      if (outcome.reason instanceof RateLimiterRes) waitMs = Math.max(waitMs ?? 0, outcome.reason.msBeforeNext);
      else failure = outcome.reason;
    }
    this.noteCounting(failure);
    return waitMs === null ? null : Math.max(1, Math.ceil(waitMs / 1000));
  }

  /** The logged-in user, if any; the session guards of the route still decide what the request may do. */
  private async userIdOf(request: FastifyRequest): Promise<string | null> {
    try {
      return (await this.sessions.resolve(readSessionToken(request, this.config)))?.id ?? null;
    } catch {
      // PostgreSQL away: the route's own guard answers for that; the address limit still counts.
      return null;
    }
  }

  private noteCounting(failure: unknown): void {
    if (failure !== undefined && !this.failing) {
      this.failing = true;
      this.logger.warn({ err: failure }, 'rate limits not applied: Redis is unavailable');
    } else if (failure === undefined && this.failing) {
      this.failing = false;
      this.logger.log('rate limits applied again');
    }
  }
}
