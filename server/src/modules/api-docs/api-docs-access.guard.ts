import { CanActivate, ExecutionContext, Inject, Injectable } from '@nestjs/common';
import { AdminRequiredGuard } from '../../common/auth/admin-required.guard.js';
import { LoginRequiredGuard } from '../../common/auth/login-required.guard.js';
import { APP_CONFIG } from '../../config/config.module.js';
import type { AppConfig } from '../../config/config.js';

/**
 * The OpenAPI document maps every route, admin ones included: in production it is shown to admins
 * only (401 / 403 otherwise), unless API_DOCS_PUBLIC opens it; outside production it is open.
 */
@Injectable()
export class ApiDocsAccessGuard implements CanActivate {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly loginRequired: LoginRequiredGuard,
    private readonly adminRequired: AdminRequiredGuard,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    if (this.config.operations.apiDocsPublic) return true;
    return (await this.loginRequired.canActivate(context)) && this.adminRequired.canActivate(context);
  }
}
