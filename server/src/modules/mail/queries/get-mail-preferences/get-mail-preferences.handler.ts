import { Inject } from '@nestjs/common';
import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import type { MailSettings } from '../../../../contracts/mail.js';
import type { DatabaseConnection } from '../../../../database/connection.js';
import { DATABASE_CONNECTION } from '../../../../database/database.tokens.js';
import { mailSettingsOf } from '../../mail-preferences.js';
import { GetMailPreferencesQuery } from './get-mail-preferences.query.js';

@QueryHandler(GetMailPreferencesQuery)
export class GetMailPreferencesHandler implements IQueryHandler<GetMailPreferencesQuery> {
  constructor(@Inject(DATABASE_CONNECTION) private readonly connection: DatabaseConnection) {}

  execute({ userId }: GetMailPreferencesQuery): Promise<MailSettings> {
    return mailSettingsOf(this.connection.db, userId);
  }
}
