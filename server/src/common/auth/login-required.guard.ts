import { ExecutionContext, Injectable } from '@nestjs/common';
import { loginRequired } from '../../core/errors/app-error.js';
import { OptionalSessionGuard } from './optional-session.guard.js';
import type { AuthenticatedRequest } from './authenticated-request.js';

/** 401 LOGIN_REQUIRED without a live session; otherwise puts the user on the request. */
@Injectable()
export class LoginRequiredGuard extends OptionalSessionGuard {
  override async canActivate(context: ExecutionContext): Promise<boolean> {
    await super.canActivate(context);
    if (!context.switchToHttp().getRequest<Partial<AuthenticatedRequest>>().user) throw loginRequired();
    return true;
  }
}
