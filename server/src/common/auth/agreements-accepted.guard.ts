import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import { agreementRequired, loginRequired } from '../../core/errors/app-error.js';
import type { AuthenticatedRequest } from './authenticated-request.js';

/** After LoginRequiredGuard: 400 AGREEMENT_REQUIRED until the terms are accepted. */
@Injectable()
export class AgreementsAcceptedGuard implements CanActivate {
  canActivate(context: ExecutionContext): boolean {
    const { user } = context.switchToHttp().getRequest<AuthenticatedRequest>();
    if (!user) throw loginRequired();
    if (!user.hasAcceptedAgreements) {
      throw agreementRequired();
    }
    return true;
  }
}
