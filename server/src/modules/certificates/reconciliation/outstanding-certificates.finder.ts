import { Inject, Injectable } from '@nestjs/common';
import { sql } from 'drizzle-orm';
import { type DatabaseConnection, rowsOf } from '../../../database/connection.js';
import { DATABASE_CONNECTION } from '../../../database/database.tokens.js';
import { type EventRow, toStoredEvent } from '../../../database/event-row.js';
import { type FindsOutstandingWork, type OutstandingReaction, OutstandingWork } from '../../../jobs/outstanding-work.js';

/**
 * Badges whose award has no certificate yet (`badges.certificate_id` is null: the partial index
 * `badges_without_certificate_idx` keeps this small) are owed the certificate reaction to the event that
 * awarded them: the BadgeAwarded of the passed exam, or the CloudCampusBadgesMigrated that carried the
 * badge over (badges migrated before certificates were issued for them get theirs this way).
 */
@Injectable()
@OutstandingWork()
export class OutstandingCertificatesFinder implements FindsOutstandingWork {
  constructor(@Inject(DATABASE_CONNECTION) private readonly connection: DatabaseConnection) {}

  async findOutstanding(limit: number): Promise<OutstandingReaction[]> {
    const rows = await rowsOf<EventRow>(
      this.connection.db,
      sql`select awarded.seq, awarded.id, awarded.stream_type, awarded.stream_id, awarded.version, awarded.type, awarded.data, awarded.meta, awarded.occurred_at
            from (select b.user_id, b.course_id, b.awarded_at from badges b
                   where b.certificate_id is null
                     -- issued, but not marked (by a worker older than the mark): nothing is owed.
                     and not exists (select 1 from certificates c where c.user_id = b.user_id and c.issued_at = b.awarded_at and c.course_id = b.course_id)
                   order by b.awarded_at limit ${limit}) b
            cross join lateral (
              select * from (
                (select e.* from exam_sessions s
                   join events e on e.stream_type = 'exam-session' and e.stream_id = s.id::text and e.type = 'BadgeAwarded'
                  where s.user_id = b.user_id and s.course_id = b.course_id and s.status = 'graded' and s.passed
                    and (e.data->>'awardedAt')::timestamptz = b.awarded_at)
                union all
                (select e.* from events e
                  where e.stream_type = 'user' and e.stream_id = b.user_id::text and e.type = 'CloudCampusBadgesMigrated'
                    and exists (select 1 from jsonb_array_elements(e.data->'badges') carried
                                 where carried->>'courseId' = b.course_id::text and (carried->>'passedAt')::timestamptz = b.awarded_at))
              ) candidates
              limit 1
            ) awarded
           where awarded.relayed_at is not null
           order by awarded.seq`,
    );
    return rows.map((row) => ({ job: 'issue-certificate-when-badge-awarded', event: toStoredEvent(row) }));
  }
}
