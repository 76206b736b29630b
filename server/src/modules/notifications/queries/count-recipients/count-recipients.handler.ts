import { Inject } from '@nestjs/common';
import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import type { RecipientCount } from '../../../../contracts/admin-notifications.js';
import type { DatabaseConnection } from '../../../../database/connection.js';
import { DATABASE_CONNECTION } from '../../../../database/database.tokens.js';
import { countRecipients } from '../../recipients.js';
import { CountRecipientsQuery } from './count-recipients.query.js';

@QueryHandler(CountRecipientsQuery)
export class CountRecipientsHandler implements IQueryHandler<CountRecipientsQuery> {
  constructor(@Inject(DATABASE_CONNECTION) private readonly connection: DatabaseConnection) {}

  async execute({ group }: CountRecipientsQuery): Promise<RecipientCount> {
    return { recipientCount: await countRecipients(this.connection.db, { kind: 'segment', ...group }, new Date()) };
  }
}
