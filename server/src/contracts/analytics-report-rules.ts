/**
 * What the first-party analytics log accepts in a report, without zod: the page checks its reports
 * with these before queueing them (zod stays out of the first page's scripts), and the zod contract
 * in analytics-log.ts is built from the same rules.
 */

export const ANALYTICS_REPORT_KINDS = ['page_view', 'event', 'goal'] as const;
export type AnalyticsReportKind = (typeof ANALYTICS_REPORT_KINDS)[number];

export const MAX_REPORTS_PER_BATCH = 50;
export const MAX_REPORT_NAME_CHARS = 64;
export const MAX_REPORT_PATH_CHARS = 2048;
export const MAX_REPORT_PARAMS_JSON_CHARS = 2000;
export const MAX_PARAM_KEY_CHARS = 64;

/** Event names as the client uses them: `header_navigation`, `migration-agree`, `exam:start`. */
export const REPORT_NAME = /^[a-z0-9][a-z0-9_.:-]*$/;
/** A path on this site: one leading slash (`//host` would be another site), no spaces. */
export const SITE_PATH = /^\/(?!\/)\S*$/;

export type ReportParams = Record<string, string | number | boolean | null>;

export const isAcceptableReportName = (name: string) => name.length <= MAX_REPORT_NAME_CHARS && REPORT_NAME.test(name);
export const isAcceptableReportPath = (path: string) => path.length <= MAX_REPORT_PATH_CHARS && SITE_PATH.test(path);
export const areAcceptableReportParams = (params: ReportParams) =>
  Object.keys(params).every((key) => key.length <= MAX_PARAM_KEY_CHARS) && JSON.stringify(params).length <= MAX_REPORT_PARAMS_JSON_CHARS;
