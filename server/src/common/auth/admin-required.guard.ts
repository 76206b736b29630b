import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import { AppError } from '../../core/errors/app-error.js';
import type { AuthenticatedRequest } from './authenticated-request.js';

/** After LoginRequiredGuard: 403 for anyone but admins. */
@Injectable()
export class AdminRequiredGuard implements CanActivate {
  canActivate(context: ExecutionContext): boolean {
    const { user } = context.switchToHttp().getRequest<AuthenticatedRequest>();
    if (user?.role !== 'admin') throw new AppError('FORBIDDEN', 'この操作を行う権限がありません');
    return true;
  }
}
