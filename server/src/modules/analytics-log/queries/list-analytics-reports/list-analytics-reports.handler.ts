import { Inject } from '@nestjs/common';
import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { and, sql, type SQL } from 'drizzle-orm';
import type { AnalyticsLogEntry, AnalyticsLogPage } from '../../../../contracts/analytics-log.js';
import { type DatabaseConnection, rowsOf } from '../../../../database/connection.js';
import { DATABASE_CONNECTION } from '../../../../database/database.tokens.js';
import { learnerNameOf } from '../../../identity/reads.js';
import { ListAnalyticsReportsQuery } from './list-analytics-reports.query.js';

interface ReportRow {
  id: string | number;
  kind: AnalyticsLogEntry['kind'];
  name: string;
  path: string;
  params: AnalyticsLogEntry['params'];
  occurred_at: Date | string;
  received_at: Date | string;
  user_id: string | null;
  learner_name: string | null;
}

const toEntry = (row: ReportRow): AnalyticsLogEntry => ({
  id: Number(row.id),
  kind: row.kind,
  name: row.name,
  path: row.path,
  params: row.params,
  occurredAt: new Date(row.occurred_at).toISOString(),
  receivedAt: new Date(row.received_at).toISOString(),
  userId: row.user_id,
  learnerName: row.learner_name,
});

@QueryHandler(ListAnalyticsReportsQuery)
export class ListAnalyticsReportsHandler implements IQueryHandler<ListAnalyticsReportsQuery> {
  constructor(@Inject(DATABASE_CONNECTION) private readonly connection: DatabaseConnection) {}

  async execute({ filter }: ListAnalyticsReportsQuery): Promise<AnalyticsLogPage> {
    const conditions: SQL[] = [sql`true`];
    if (filter.before !== undefined) conditions.push(sql`report.id < ${filter.before}`);
    if (filter.kind) conditions.push(sql`report.kind = ${filter.kind}`);
    if (filter.name) conditions.push(sql`report.name = ${filter.name}`);
    if (filter.path) conditions.push(sql`starts_with(report.path, ${filter.path})`);
    if (filter.userId) conditions.push(sql`report.user_id = ${filter.userId.toLowerCase()}::uuid`);
    // Keyset paging: one row more than shown says whether an older page exists.
    const rows = await rowsOf<ReportRow>(
      this.connection.db,
      sql`select report.id, report.kind, report.name, report.path, report.params, report.occurred_at, report.received_at, report.user_id,
                 ${learnerNameOf(sql`report.user_id`)} as learner_name
            from analytics_reports report
           where ${and(...conditions)}
           order by report.id desc
           limit ${filter.limit + 1}`,
    );
    const items = rows.slice(0, filter.limit).map(toEntry);
    return { items, nextBefore: rows.length > filter.limit ? items.at(-1)!.id : null };
  }
}
