import { Inject, Injectable } from '@nestjs/common';
import { sql } from 'drizzle-orm';
import { type DatabaseConnection, rowsOf } from '../../../database/connection.js';
import { DATABASE_CONNECTION } from '../../../database/database.tokens.js';
import { type EventRow, toStoredEvent } from '../../../database/event-row.js';
import { type FindsOutstandingWork, type OutstandingReaction, OutstandingWork } from '../../../jobs/outstanding-work.js';
import { EXAM_SESSION_STREAM } from '../events.js';

/**
 * Submitted or expired sessions without a grade (the partial index `exam_sessions_ungraded_idx` keeps
 * this a handful of rows) are owed the grading of their ExamSubmitted or ExamExpired event.
 */
@Injectable()
@OutstandingWork()
export class OutstandingGradesFinder implements FindsOutstandingWork {
  constructor(@Inject(DATABASE_CONNECTION) private readonly connection: DatabaseConnection) {}

  async findOutstanding(limit: number): Promise<OutstandingReaction[]> {
    const rows = await rowsOf<EventRow>(
      this.connection.db,
      sql`select e.seq, e.id, e.stream_type, e.stream_id, e.version, e.type, e.data, e.meta, e.occurred_at
            from (select id from exam_sessions where status in ('submitted', 'expired') order by finished_at limit ${limit}) s
            join events e on e.stream_type = ${EXAM_SESSION_STREAM} and e.stream_id = s.id::text and e.type in ('ExamSubmitted', 'ExamExpired')
           where e.relayed_at is not null
           order by e.seq`,
    );
    return rows.map((row) => ({ job: 'grade-exam-when-exam-submitted', event: toStoredEvent(row) }));
  }
}
