import { CanActivate, ExecutionContext, Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG } from '../../config/config.module.js';
import type { FastifyRequest } from 'fastify';
import type { AppConfig } from '../../config/config.js';
import type { AuthenticatedRequest } from './authenticated-request.js';
import { readSessionToken } from './session-cookie.js';
import { SESSION_LOOKUP, type SessionLookup } from './session-lookup.js';

/** For pages visitors may see too: puts the user on the request when there is a live session, never refuses. */
@Injectable()
export class OptionalSessionGuard implements CanActivate {
  constructor(
    @Inject(SESSION_LOOKUP) private readonly sessions: SessionLookup,
    @Inject(APP_CONFIG) protected readonly config: AppConfig,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<Partial<AuthenticatedRequest>>();
    const user = await this.sessions.resolve(readSessionToken(request as FastifyRequest, this.config));
    if (user) request.user = user;
    return true;
  }
}
