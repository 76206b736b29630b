import { Inject, Injectable } from '@nestjs/common';
import { sql } from 'drizzle-orm';
import { type DatabaseConnection, rowsOf } from '../../../database/connection.js';
import { DATABASE_CONNECTION } from '../../../database/database.tokens.js';
import { HandlesJob, JobHandler } from '../../../jobs/job-handler.decorator.js';

/** How long the analytics log keeps a report. */
export const ANALYTICS_RETENTION_DAYS = 180;
const RETENTION_MS = ANALYTICS_RETENTION_DAYS * 24 * 3_600_000;
/** Small deletes keep each transaction short on a table the pages keep writing to. */
export const DELETE_BATCH_SIZE = 5_000;

/**
 * Daily (and at worker start): deletes reports older than the retention period, a batch at a time.
 * Deleting what is already gone deletes nothing, so a repeat or a second worker is harmless.
 */
@Injectable()
@JobHandler('delete-expired-analytics-reports')
export class DeleteExpiredAnalyticsReportsHandler implements HandlesJob {
  constructor(@Inject(DATABASE_CONNECTION) private readonly connection: DatabaseConnection) {}

  handle(): Promise<void> {
    return this.deleteExpired(new Date());
  }

  async deleteExpired(now: Date): Promise<void> {
    const cutoff = new Date(now.getTime() - RETENTION_MS).toISOString();
    for (;;) {
      const deleted = await rowsOf<{ id: string }>(
        this.connection.db,
        sql`delete from analytics_reports
             where id in (select id from analytics_reports where occurred_at < ${cutoff}::timestamptz limit ${DELETE_BATCH_SIZE})
         returning id`,
      );
      if (deleted.length < DELETE_BATCH_SIZE) return;
    }
  }
}
