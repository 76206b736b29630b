import { Inject, Injectable } from '@nestjs/common';
import { sql } from 'drizzle-orm';
import { type DatabaseConnection, rowsOf } from '../../../database/connection.js';
import { DATABASE_CONNECTION } from '../../../database/database.tokens.js';
import { type EventRow, toStoredEvent } from '../../../database/event-row.js';
import { type FindsOutstandingWork, type OutstandingReaction, OutstandingWork } from '../../../jobs/outstanding-work.js';
import { overdueSessionsAt } from '../domain/exam-timing.js';
import { EXAM_SESSION_STREAM } from '../events.js';

/**
 * Overdue sessions (`isOverdue`, the finaliser's own rule) are owed the
 * finalisation scheduled from their ExamStarted event: its delayed job may have gone with Redis.
 */
@Injectable()
@OutstandingWork()
export class OutstandingFinalisationsFinder implements FindsOutstandingWork {
  constructor(@Inject(DATABASE_CONNECTION) private readonly connection: DatabaseConnection) {}

  async findOutstanding(limit: number): Promise<OutstandingReaction[]> {
    const rows = await rowsOf<EventRow>(
      this.connection.db,
      sql`select e.seq, e.id, e.stream_type, e.stream_id, e.version, e.type, e.data, e.meta, e.occurred_at
            from (select id from exam_sessions
                   where ${overdueSessionsAt(new Date())}
                   order by deadline limit ${limit}) s
            join events e on e.stream_type = ${EXAM_SESSION_STREAM} and e.stream_id = s.id::text and e.version = 1 and e.type = 'ExamStarted'
           where e.relayed_at is not null
           order by e.seq`,
    );
    return rows.map((row) => ({ job: 'finalise-exam-when-deadline-passed', event: toStoredEvent(row) }));
  }
}
