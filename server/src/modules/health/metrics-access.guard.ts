import { CanActivate, ExecutionContext, Inject, Injectable, NotFoundException } from '@nestjs/common';
import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../core/errors/app-error.js';
import { APP_CONFIG } from '../../config/config.module.js';
import type { AppConfig } from '../../config/config.js';

const digest = (token: string) => createHash('sha256').update(token).digest();

/**
 * /metrics tells request rates, routes and process internals: with METRICS_TOKEN set it answers only
 * `Authorization: Bearer <METRICS_TOKEN>`; without one it is open in development and absent (404)
 * in production.
 */
@Injectable()
export class MetricsAccessGuard implements CanActivate {
  private readonly expected?: Buffer;
  private readonly openWithoutToken: boolean;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    this.expected = config.operations.metricsToken === undefined ? undefined : digest(config.operations.metricsToken);
    this.openWithoutToken = config.operations.metricsOpenWithoutToken;
  }

  canActivate(context: ExecutionContext): boolean {
    if (!this.expected) {
      if (this.openWithoutToken) return true;
      throw new NotFoundException();
    }
    const presented = /^Bearer +(\S+)$/i.exec(context.switchToHttp().getRequest<FastifyRequest>().headers.authorization ?? '')?.[1];
    // Digests have one length, so the comparison takes the same time whatever was sent.
    if (presented !== undefined && timingSafeEqual(digest(presented), this.expected)) return true;
    context.switchToHttp().getResponse<FastifyReply>().header('www-authenticate', 'Bearer');
    throw new AppError('LOGIN_REQUIRED', 'Authorization: Bearer <METRICS_TOKEN> を付けて取得してください');
  }
}
