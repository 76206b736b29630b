import { CanActivate, ExecutionContext, Inject, Injectable } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { APP_CONFIG } from '../../config/config.module.js';
import type { AppConfig } from '../../config/config.js';
import { loginRequired } from '../errors/app-error.js';
import { readSessionToken } from './session-cookie.js';
import { SessionStore, SessionUser } from './session-store.js';

export type AuthenticatedRequest = FastifyRequest & { user: SessionUser };

/** 401 LOGIN_REQUIRED without a live session; otherwise puts the user on the request. */
@Injectable()
export class LoginRequiredGuard implements CanActivate {
  constructor(
    private readonly sessions: SessionStore,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<AuthenticatedRequest>();
    const user = await this.sessions.resolve(readSessionToken(request, this.config));
    if (!user) throw loginRequired();
    request.user = user;
    return true;
  }
}
