import { Inject, Injectable } from '@nestjs/common';
import { sql } from 'drizzle-orm';
import { type DatabaseConnection, rowsOf } from '../../../database/connection.js';
import { DATABASE_CONNECTION } from '../../../database/database.tokens.js';
import { type EventRow, toStoredEvent } from '../../../database/event-row.js';
import { type FindsOutstandingWork, type OutstandingReaction, OutstandingWork } from '../../../jobs/outstanding-work.js';

/**
 * Certificates without their Open Badges credential are owed the credential reaction to their
 * CertificateIssued (relayed, so the relay's own job had its chance). This also gives certificates
 * issued before credentials existed theirs. An anti-join on the unique `certificate_id`: one index
 * probe per certificate, oldest first.
 */
@Injectable()
@OutstandingWork()
export class OutstandingCredentialsFinder implements FindsOutstandingWork {
  constructor(@Inject(DATABASE_CONNECTION) private readonly connection: DatabaseConnection) {}

  async findOutstanding(limit: number): Promise<OutstandingReaction[]> {
    const rows = await rowsOf<EventRow>(
      this.connection.db,
      sql`select e.seq, e.id, e.stream_type, e.stream_id, e.version, e.type, e.data, e.meta, e.occurred_at
            from certificates c
            join events e on e.stream_type = 'certificate' and e.stream_id = c.id::text and e.type = 'CertificateIssued'
           where not exists (select 1 from open_badge_credentials o where o.certificate_id = c.id)
             and e.relayed_at is not null
           order by c.issued_at
           limit ${limit}`,
    );
    return rows.map((row) => ({ job: 'issue-credential-when-certificate-issued', event: toStoredEvent(row) }));
  }
}
