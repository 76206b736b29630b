import { Inject } from '@nestjs/common';
import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { loginRequired } from '../../../../core/errors/app-error.js';
import { APP_CONFIG } from '../../../../config/config.module.js';
import type { AppConfig } from '../../../../config/config.js';
import type { CurrentUser } from '../../../../contracts/current-user.js';
import type { DatabaseConnection } from '../../../../database/connection.js';
import { DATABASE_CONNECTION } from '../../../../database/database.tokens.js';
import { currentUser } from '../../../identity/reads.js';
import { GetCurrentUserQuery } from './get-current-user.query.js';

@QueryHandler(GetCurrentUserQuery)
export class GetCurrentUserHandler implements IQueryHandler<GetCurrentUserQuery> {
  constructor(
    @Inject(DATABASE_CONNECTION) private readonly connection: DatabaseConnection,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async execute({ userId }: GetCurrentUserQuery): Promise<CurrentUser> {
    // The session outlived its user only if the user row was deleted; treat it as logged out.
    return (await currentUser(this.connection.db, userId, this.config.termsVersion)) ?? Promise.reject(loginRequired());
  }
}
