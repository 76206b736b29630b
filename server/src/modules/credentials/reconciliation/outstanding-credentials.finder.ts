import { Inject, Injectable } from '@nestjs/common';
import { sql } from 'drizzle-orm';
import type { DatabaseConnection } from '../../../database/connection.js';
import { DATABASE_CONNECTION } from '../../../database/database.tokens.js';
import { type FindsOutstandingWork, type OutstandingReaction, OutstandingWork } from '../../../jobs/outstanding-work.js';
import { certificatesNotYet } from '../../certificates/reads.js';

/**
 * Certificates without their Open Badges credential are owed the credential reaction to their
 * CertificateIssued (relayed, so the relay's own job had its chance). This also gives certificates
 * issued before credentials existed theirs. An anti-join on the unique `certificate_id`: one index
 * probe per certificate, oldest first (certificates lists them, `certificatesNotYet`).
 */
@Injectable()
@OutstandingWork()
export class OutstandingCredentialsFinder implements FindsOutstandingWork {
  constructor(@Inject(DATABASE_CONNECTION) private readonly connection: DatabaseConnection) {}

  async findOutstanding(limit: number): Promise<OutstandingReaction[]> {
    const owed = await certificatesNotYet(
      this.connection.db,
      (certificateId) => sql`exists (select 1 from open_badge_credentials o where o.certificate_id = ${certificateId})`,
      limit,
    );
    return owed.map((event) => ({ job: 'issue-credential-when-certificate-issued', event }));
  }
}
