import { Inject, Injectable } from '@nestjs/common';
import { sql } from 'drizzle-orm';
import type { DatabaseConnection } from '../../../database/connection.js';
import { DATABASE_CONNECTION } from '../../../database/database.tokens.js';
import { type FindsOutstandingWork, type OutstandingReaction, OutstandingWork } from '../../../jobs/outstanding-work.js';
import { awardsNotYet } from '../../certification/reads.js';

/**
 * Awards certification holds (each badge's latest) without a certificate of this module at the award
 * time (same learner, course and `issued_at`) are owed the certificate reaction to the event that awarded
 * them: a BadgeAwarded, or for a badge carried over before those existed, its CloudCampusBadgesMigrated.
 */
@Injectable()
@OutstandingWork()
export class OutstandingCertificatesFinder implements FindsOutstandingWork {
  constructor(@Inject(DATABASE_CONNECTION) private readonly connection: DatabaseConnection) {}

  async findOutstanding(limit: number): Promise<OutstandingReaction[]> {
    const owed = await awardsNotYet(
      this.connection.db,
      (award) =>
        sql`exists (select 1 from certificates c where c.user_id = ${award.userId} and c.course_id = ${award.courseId} and c.issued_at = ${award.awardedAt})`,
      limit,
    );
    return owed.map((event) => ({ job: 'issue-certificate-when-badge-awarded', event }));
  }
}
