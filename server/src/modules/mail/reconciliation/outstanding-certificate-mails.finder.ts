import { Inject, Injectable } from '@nestjs/common';
import { sql } from 'drizzle-orm';
import { type DatabaseConnection, rowsOf } from '../../../database/connection.js';
import { DATABASE_CONNECTION } from '../../../database/database.tokens.js';
import { type EventRow, toStoredEvent } from '../../../database/event-row.js';
import { type FindsOutstandingWork, type OutstandingReaction, OutstandingWork } from '../../../jobs/outstanding-work.js';

/** How far back a certificate mail is still owed: the newest certificates. */
const RECENT_CERTIFICATES = 1_000;

/**
 * A certificate whose mail has neither gone nor been judged unneeded a minute after its event was relayed
 * (its job lost with Redis, or failed through its retries while the SMTP server was away) is owed
 * `mail-learner-when-certificate-issued` again; the delivery row keeps the repeat from sending twice.
 */
@Injectable()
@OutstandingWork()
export class OutstandingCertificateMailsFinder implements FindsOutstandingWork {
  constructor(@Inject(DATABASE_CONNECTION) private readonly connection: DatabaseConnection) {}

  async findOutstanding(limit: number): Promise<OutstandingReaction[]> {
    const rows = await rowsOf<EventRow>(
      this.connection.db,
      sql`select e.seq, e.id, e.stream_type, e.stream_id, e.version, e.type, e.data, e.meta, e.occurred_at
            from (select * from events where type = 'CertificateIssued' order by seq desc limit ${RECENT_CERTIFICATES}) e
           where e.relayed_at < now() - interval '1 minute'
             and not exists (select 1 from mail_deliveries d where d.message_key = 'certificate@' || e.id::text and d.status <> 'pending')
           order by e.seq
           limit ${limit}`,
    );
    return rows.map((row) => ({ job: 'mail-learner-when-certificate-issued', event: toStoredEvent(row) }));
  }
}
