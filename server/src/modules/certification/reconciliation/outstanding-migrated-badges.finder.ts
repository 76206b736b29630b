import { Inject, Injectable } from '@nestjs/common';
import { sql } from 'drizzle-orm';
import { type DatabaseConnection, rowsOf } from '../../../database/connection.js';
import { DATABASE_CONNECTION } from '../../../database/database.tokens.js';
import { type EventRow, toStoredEvent } from '../../../database/event-row.js';
import { type FindsOutstandingWork, type OutstandingReaction, OutstandingWork } from '../../../jobs/outstanding-work.js';

/**
 * A relayed CloudCampusBadgesMigrated whose id is not in `migrated_badge_applications` (its job lost, or
 * failed for good) is owed certification's badges: one per migrating learner, so few.
 */
@Injectable()
@OutstandingWork()
export class OutstandingMigratedBadgesFinder implements FindsOutstandingWork {
  constructor(@Inject(DATABASE_CONNECTION) private readonly connection: DatabaseConnection) {}

  async findOutstanding(limit: number): Promise<OutstandingReaction[]> {
    const rows = await rowsOf<EventRow>(
      this.connection.db,
      sql`select e.seq, e.id, e.stream_type, e.stream_id, e.version, e.type, e.data, e.meta, e.occurred_at
            from events e
           where e.type = 'CloudCampusBadgesMigrated' and e.relayed_at is not null
             and not exists (select 1 from migrated_badge_applications a where a.event_id = e.id)
           order by e.seq
           limit ${limit}`,
    );
    return rows.map((row) => ({ job: 'award-badges-when-cloud-campus-badges-migrated', event: toStoredEvent(row) }));
  }
}
