import { Inject } from '@nestjs/common';
import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { sql } from 'drizzle-orm';
import type { AdminEventTypes } from '../../../../contracts/admin-events.js';
import { type DatabaseConnection, rowsOf } from '../../../../database/connection.js';
import { DATABASE_CONNECTION } from '../../../../database/database.tokens.js';
import { ListAdminEventTypesQuery } from './list-admin-event-types.query.js';

@QueryHandler(ListAdminEventTypesQuery)
export class ListAdminEventTypesHandler implements IQueryHandler<ListAdminEventTypesQuery> {
  constructor(@Inject(DATABASE_CONNECTION) private readonly connection: DatabaseConnection) {}

  async execute(): Promise<AdminEventTypes> {
    // A skip scan over events_type_idx: one index probe per distinct type, however long the log.
    const rows = await rowsOf<{ type: string }>(
      this.connection.db,
      sql`with recursive found(type) as (
            select min(type) from events
            union all
            select (select min(type) from events where type > found.type) from found where found.type is not null
          )
          select type from found where type is not null`,
    );
    // Sorted here, by code point, whatever the database's collation.
    return { types: rows.map((row) => row.type).sort() };
  }
}
