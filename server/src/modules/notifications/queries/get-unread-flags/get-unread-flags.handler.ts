import { Inject } from '@nestjs/common';
import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import type { UnreadFlags } from '../../../../contracts/notifications.js';
import type { DatabaseConnection } from '../../../../database/connection.js';
import { DATABASE_CONNECTION } from '../../../../database/database.tokens.js';
import { readUnreadFlags } from '../../unread-flags.view.js';
import { GetUnreadFlagsQuery } from './get-unread-flags.query.js';

/** The header's New badge (rules in `unread-flags.view.ts`, shared with the `unread.changed` push). */
@QueryHandler(GetUnreadFlagsQuery)
export class GetUnreadFlagsHandler implements IQueryHandler<GetUnreadFlagsQuery> {
  constructor(@Inject(DATABASE_CONNECTION) private readonly connection: DatabaseConnection) {}

  async execute({ userId }: GetUnreadFlagsQuery): Promise<UnreadFlags> {
    const flags = await readUnreadFlags(this.connection.db, [userId], new Date());
    return flags.get(userId) ?? { hasUnreadNotifications: false, hasUnreadAnnouncements: false };
  }
}
