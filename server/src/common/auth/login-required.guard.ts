import { ExecutionContext, Injectable } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { loginRequired } from '../../core/errors/app-error.js';
import { OptionalSessionGuard } from './optional-session.guard.js';
import type { AuthenticatedRequest } from './authenticated-request.js';
import { clearEndedSession } from './session-cookie.js';

/** 401 LOGIN_REQUIRED without a live session; otherwise puts the user on the request. */
@Injectable()
export class LoginRequiredGuard extends OptionalSessionGuard {
  override async canActivate(context: ExecutionContext): Promise<boolean> {
    await super.canActivate(context);
    const http = context.switchToHttp();
    if (http.getRequest<Partial<AuthenticatedRequest>>().user) return true;
    clearEndedSession(http.getRequest<FastifyRequest>(), http.getResponse<FastifyReply>(), this.config);
    throw loginRequired();
  }
}
