import { Inject } from '@nestjs/common';
import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { loginRequired } from '../../../../common/errors/app-error.js';
import type { CurrentUser } from '../../../../contracts/current-user.js';
import type { DatabaseConnection } from '../../../../database/connection.js';
import { DATABASE_CONNECTION } from '../../../../database/database.tokens.js';
import { readCurrentUser } from '../../current-user.view.js';
import { GetCurrentUserQuery } from './get-current-user.query.js';

@QueryHandler(GetCurrentUserQuery)
export class GetCurrentUserHandler implements IQueryHandler<GetCurrentUserQuery> {
  constructor(@Inject(DATABASE_CONNECTION) private readonly connection: DatabaseConnection) {}

  async execute({ userId }: GetCurrentUserQuery): Promise<CurrentUser> {
    // The session outlived its user only if the user row was deleted; treat it as logged out.
    return (await readCurrentUser(this.connection.db, userId)) ?? Promise.reject(loginRequired());
  }
}
