import { Inject, Injectable } from '@nestjs/common';
import { sql } from 'drizzle-orm';
import { type DatabaseConnection, rowsOf } from '../../../database/connection.js';
import { DATABASE_CONNECTION } from '../../../database/database.tokens.js';
import { type EventRow, toStoredEvent } from '../../../database/event-row.js';
import { type FindsOutstandingWork, type OutstandingReaction, OutstandingWork } from '../../../jobs/outstanding-work.js';

/** How far back an unsent notice is still owed: the newest grades and certificates of each kind. */
const RECENT_EVENTS = 1_000;

/**
 * A grade or certificate whose personal notification is missing a minute after it was relayed (its job
 * lost with Redis) is owed `notify-learner-when-graded-or-certified`. The notice is news, so only the
 * newest events of each kind are checked (a backward scan of `events_type_idx`), each against the
 * unique `(user_id, source_event_id)` that also makes the handler's repeats harmless. A minute's wait
 * leaves the usual path its time; a job still queued under the same id makes the re-add a no-op anyway.
 */
@Injectable()
@OutstandingWork()
export class OutstandingPersonalNotificationsFinder implements FindsOutstandingWork {
  constructor(@Inject(DATABASE_CONNECTION) private readonly connection: DatabaseConnection) {}

  async findOutstanding(limit: number): Promise<OutstandingReaction[]> {
    const newest = (type: string) => sql`(select * from events where type = ${type} order by seq desc limit ${RECENT_EVENTS})`;
    const rows = await rowsOf<EventRow>(
      this.connection.db,
      sql`select e.seq, e.id, e.stream_type, e.stream_id, e.version, e.type, e.data, e.meta, e.occurred_at
            from (${newest('ExamGraded')} union all ${newest('CertificateIssued')}) e
           where e.relayed_at < now() - interval '1 minute'
             and not exists (select 1 from notifications n where n.user_id = (e.data->>'userId')::uuid and n.source_event_id = e.id)
           order by e.seq
           limit ${limit}`,
    );
    return rows.map((row) => ({ job: 'notify-learner-when-graded-or-certified', event: toStoredEvent(row) }));
  }
}
