import { Inject } from '@nestjs/common';
import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { loginRequired } from '../../../../core/errors/app-error.js';
import { printedNameOf, type MyProfile } from '../../../../contracts/current-user.js';
import type { DatabaseConnection } from '../../../../database/connection.js';
import { DATABASE_CONNECTION } from '../../../../database/database.tokens.js';
import { userProfile } from '../../../identity/reads.js';
import { GetMyProfileQuery } from './get-my-profile.query.js';

@QueryHandler(GetMyProfileQuery)
export class GetMyProfileHandler implements IQueryHandler<GetMyProfileQuery> {
  constructor(@Inject(DATABASE_CONNECTION) private readonly connection: DatabaseConnection) {}

  async execute({ userId }: GetMyProfileQuery): Promise<MyProfile> {
    const row = await userProfile(this.connection.db, userId);
    if (!row) throw loginRequired();
    return {
      hasProfile: row.hasProfile,
      lastName: row.lastName,
      firstName: row.firstName,
      lastNameKana: row.lastNameKana ?? '',
      firstNameKana: row.firstNameKana ?? '',
      // Before registration the form starts from the address the login provider vouches for.
      email: row.email ?? row.verifiedEmail ?? '',
      iconUrl: row.iconUrl,
      printedName: row.hasProfile ? printedNameOf(row) : null,
    };
  }
}
