import { z } from 'zod';
import {
  ANALYTICS_REPORT_KINDS,
  MAX_PARAM_KEY_CHARS,
  MAX_REPORT_NAME_CHARS,
  MAX_REPORT_PARAMS_JSON_CHARS,
  MAX_REPORT_PATH_CHARS,
  MAX_REPORTS_PER_BATCH,
  REPORT_NAME,
  SITE_PATH,
} from './analytics-report-rules.js';

/**
 * The campus's first-party analytics log: pages report page views, events and goals in batches
 * (routes/analytics.ts), admins read them (routes/analytics-log.ts).
 * The client checks each report with `analyticsReportSchema` before queueing it, so one bad report
 * never costs the whole batch.
 */

const paramValueSchema = z.union([z.string(), z.number(), z.boolean(), z.null()], { error: 'params の値は文字列・数値・真偽値・null にしてください' });

/** A flat object of short keys and plain values, small once written as JSON. */
export const reportParamsSchema = z
  .record(z.string().max(MAX_PARAM_KEY_CHARS, `params の項目名は ${MAX_PARAM_KEY_CHARS} 文字以内にしてください`), paramValueSchema, {
    error: 'params は文字列・数値・真偽値だけのオブジェクトで送信してください',
  })
  .refine((params) => JSON.stringify(params).length <= MAX_REPORT_PARAMS_JSON_CHARS, {
    error: `params は JSON で ${MAX_REPORT_PARAMS_JSON_CHARS} 文字以内にしてください`,
  });

export const analyticsReportSchema = z
  .object({
    kind: z.enum(ANALYTICS_REPORT_KINDS, { error: 'kind は page_view・event・goal のいずれかで指定してください' }),
    name: z
      .string({ error: 'name を指定してください' })
      .min(1, 'name を指定してください')
      .max(MAX_REPORT_NAME_CHARS, `name は ${MAX_REPORT_NAME_CHARS} 文字以内にしてください`)
      .regex(REPORT_NAME, 'name は英小文字・数字と _ . : - で指定してください'),
    path: z
      .string({ error: 'path を指定してください' })
      .max(MAX_REPORT_PATH_CHARS, `path は ${MAX_REPORT_PATH_CHARS} 文字以内にしてください`)
      .regex(SITE_PATH, 'path は / で始まるサイト内のパスで指定してください'),
    /** The page's clock; the server keeps it only within the day before receipt. */
    occurredAt: z.iso.datetime({ offset: true, error: 'occurredAt は ISO 8601 の日時で指定してください' }),
    params: reportParamsSchema.default({}),
  })
  .meta({ id: 'AnalyticsReport' });

export const analyticsBatchSchema = z
  .object({
    events: z
      .array(analyticsReportSchema, { error: (issue) => (issue.input === undefined ? 'events を指定してください' : 'events は配列で送信してください') })
      .min(1, 'events を 1 件以上送信してください')
      .max(MAX_REPORTS_PER_BATCH, `events は 1 回に ${MAX_REPORTS_PER_BATCH} 件までです`),
  })
  .meta({ id: 'AnalyticsBatch' });

export type AnalyticsReport = z.infer<typeof analyticsReportSchema>;
export type AnalyticsReportInput = z.input<typeof analyticsReportSchema>;
export type AnalyticsBatch = z.infer<typeof analyticsBatchSchema>;

/* ---- Admin reads ---- */

export const ANALYTICS_LOG_PAGE_SIZE = 50;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** Newest first, `before` an id (the cursor of the previous page); an empty filter is no filter. */
export const analyticsLogQuerySchema = z
  .object({
    before: z.coerce.number('before は数値で指定してください').int('before は整数で指定してください').min(1, 'before は 1 以上で指定してください').optional(),
    limit: z.coerce
      .number('limit は数値で指定してください')
      .int('limit は整数で指定してください')
      .min(1, 'limit は 1 以上で指定してください')
      .max(200, 'limit は 200 以下で指定してください')
      .default(ANALYTICS_LOG_PAGE_SIZE),
    kind: z.enum(ANALYTICS_REPORT_KINDS, { error: 'kind は page_view・event・goal のいずれかで指定してください' }).optional(),
    name: z
      .string()
      .trim()
      .max(MAX_REPORT_NAME_CHARS, `name は ${MAX_REPORT_NAME_CHARS} 文字以内で指定してください`)
      .regex(/^[a-z0-9_.:-]*$/, 'name は英小文字・数字と _ . : - で指定してください')
      .optional(),
    /** The start of the path (`/line-ads` matches `/line-ads/courses/…`). */
    path: z
      .string()
      .trim()
      .max(MAX_REPORT_PATH_CHARS, `path は ${MAX_REPORT_PATH_CHARS} 文字以内で指定してください`)
      .regex(/^(\/\S*)?$/, 'path は / で始めてください')
      .optional(),
    userId: z.string().trim().regex(UUID, 'userId は UUID で指定してください').optional(),
  })
  .meta({ id: 'AnalyticsLogQuery' });

export const analyticsLogEntrySchema = z
  .object({
    id: z.number().int(),
    kind: z.enum(ANALYTICS_REPORT_KINDS),
    name: z.string(),
    path: z.string(),
    params: z.record(z.string(), paramValueSchema),
    occurredAt: z.string(),
    receivedAt: z.string(),
    /** Null for a visitor (or a learner who had not yet accepted the privacy policy). */
    userId: z.string().nullable(),
    /** Last name then first name; null when unknown. */
    learnerName: z.string().nullable(),
  })
  .meta({ id: 'AnalyticsLogEntry' });

export const analyticsLogPageSchema = z
  .object({
    items: z.array(analyticsLogEntrySchema),
    /** Pass as `before` for the next (older) page; null when there is none. */
    nextBefore: z.number().int().nullable(),
  })
  .meta({ id: 'AnalyticsLogPage' });

export const ANALYTICS_SUMMARY_TOP = 20;

/** Asia/Tokyo days, both ends included; by default the last 30 days up to today. At most 366 days. */
export const analyticsSummaryQuerySchema = z
  .object({
    from: z.string().regex(DAY, 'from は YYYY-MM-DD で指定してください').optional(),
    to: z.string().regex(DAY, 'to は YYYY-MM-DD で指定してください').optional(),
  })
  .meta({ id: 'AnalyticsSummaryQuery' });

const count = z.number().int();

export const analyticsSummarySchema = z
  .object({
    from: z.string(),
    to: z.string(),
    totals: z.object({ pageViews: count, events: count, goals: count }),
    /** Reports per kind and name, the most frequent first (top 20). */
    names: z.array(z.object({ kind: z.enum(ANALYTICS_REPORT_KINDS), name: z.string(), count })),
    /** Page views per path, the most viewed first (top 20). */
    paths: z.array(z.object({ path: z.string(), count })),
  })
  .meta({ id: 'AnalyticsSummary' });

export type AnalyticsLogQuery = z.infer<typeof analyticsLogQuerySchema>;
export type AnalyticsLogEntry = z.infer<typeof analyticsLogEntrySchema>;
export type AnalyticsLogPage = z.infer<typeof analyticsLogPageSchema>;
export type AnalyticsSummaryQuery = z.infer<typeof analyticsSummaryQuerySchema>;
export type AnalyticsSummary = z.infer<typeof analyticsSummarySchema>;
