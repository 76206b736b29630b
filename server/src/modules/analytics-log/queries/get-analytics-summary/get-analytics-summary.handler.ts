import { Inject } from '@nestjs/common';
import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { sql } from 'drizzle-orm';
import { ANALYTICS_SUMMARY_TOP, type AnalyticsSummary } from '../../../../contracts/analytics-log.js';
import type { AnalyticsReportKind } from '../../../../contracts/analytics-report-rules.js';
import { type DatabaseConnection, rowsOf } from '../../../../database/connection.js';
import { DATABASE_CONNECTION } from '../../../../database/database.tokens.js';
// The same Tokyo-day range (defaults, 366-day cap, 400 naming from/to) as the exam analytics.
import { analyticsRange } from '../../../../core/dates/report-range.js';
import { GetAnalyticsSummaryQuery } from './get-analytics-summary.query.js';

@QueryHandler(GetAnalyticsSummaryQuery)
export class GetAnalyticsSummaryHandler implements IQueryHandler<GetAnalyticsSummaryQuery> {
  constructor(@Inject(DATABASE_CONNECTION) private readonly connection: DatabaseConnection) {}

  async execute({ filter, now }: GetAnalyticsSummaryQuery): Promise<AnalyticsSummary> {
    const range = analyticsRange(filter, now);
    const inRange = sql`occurred_at >= ${range.startsAt.toISOString()}::timestamptz and occurred_at < ${range.endsBefore.toISOString()}::timestamptz`;
    const [totals, names, paths] = await Promise.all([
      rowsOf<{ kind: AnalyticsReportKind; count: number }>(
        this.connection.db,
        sql`select kind, count(*)::int as count from analytics_reports where ${inRange} group by kind`,
      ),
      rowsOf<{ kind: AnalyticsReportKind; name: string; count: number }>(
        this.connection.db,
        sql`select kind, name, count(*)::int as count from analytics_reports
             where ${inRange}
             group by kind, name
             order by count desc, kind, name
             limit ${ANALYTICS_SUMMARY_TOP}`,
      ),
      rowsOf<{ path: string; count: number }>(
        this.connection.db,
        sql`select path, count(*)::int as count from analytics_reports
             where ${inRange} and kind = 'page_view'
             group by path
             order by count desc, path
             limit ${ANALYTICS_SUMMARY_TOP}`,
      ),
    ]);
    const total = (kind: AnalyticsReportKind) => totals.find((row) => row.kind === kind)?.count ?? 0;
    return {
      from: range.from,
      to: range.to,
      totals: { pageViews: total('page_view'), events: total('event'), goals: total('goal') },
      names: names.map(({ kind, name, count }) => ({ kind, name, count })),
      paths: paths.map(({ path, count }) => ({ path, count })),
    };
  }
}
