import { ANALYTICS_REPORT_KINDS, type AnalyticsReportKind } from '@campus/contracts/analytics-report-rules';

/** How the log's kinds read in the console. */
export const REPORT_KIND_NAMES: Record<AnalyticsReportKind, string> = {
  page_view: 'ページビュー',
  event: 'イベント',
  goal: 'ゴール',
};

export const REPORT_KINDS = ANALYTICS_REPORT_KINDS;
