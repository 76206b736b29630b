import { Inject } from '@nestjs/common';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { sql } from 'drizzle-orm';
import type { DatabaseConnection } from '../../../../database/connection.js';
import { DATABASE_CONNECTION } from '../../../../database/database.tokens.js';
import { clampedOccurredAt } from '../../report-time.js';
import { RecordAnalyticsReportsCommand } from './record-analytics-reports.command.js';

/**
 * One statement per batch, whatever its size: the reports travel as one jsonb parameter (cheaper to
 * plan than 50 row constructors, and PGlite plans it too). No event store: this is telemetry.
 */
@CommandHandler(RecordAnalyticsReportsCommand)
export class RecordAnalyticsReportsHandler implements ICommandHandler<RecordAnalyticsReportsCommand> {
  constructor(@Inject(DATABASE_CONNECTION) private readonly connection: DatabaseConnection) {}

  async execute({ reports, userId, receivedAt }: RecordAnalyticsReportsCommand): Promise<void> {
    if (reports.length === 0) return;
    const rows = JSON.stringify(
      reports.map((report) => ({
        occurred_at: clampedOccurredAt(new Date(report.occurredAt), receivedAt).toISOString(),
        kind: report.kind,
        name: report.name,
        path: report.path,
        params: report.params,
      })),
    );
    await this.connection.db.execute(
      sql`insert into analytics_reports (occurred_at, received_at, user_id, kind, name, path, params)
          select report.occurred_at, ${receivedAt.toISOString()}::timestamptz, ${userId}::uuid, report.kind, report.name, report.path, report.params
            from jsonb_to_recordset(${rows}::jsonb) as report(occurred_at timestamptz, kind text, name text, path text, params jsonb)`,
    );
  }
}
