import { z } from 'zod';

export const jobCountsSchema = z
  .object({
    waiting: z.number().int(),
    active: z.number().int(),
    delayed: z.number().int(),
    completed: z.number().int(),
    failed: z.number().int(),
    paused: z.number().int(),
  })
  .meta({ id: 'JobCounts' });

/** A clock-driven job of the queue (a BullMQ job scheduler): how often it runs and when next. */
export const scheduledJobSchema = z
  .object({
    name: z.string(),
    /** A cron pattern in `timeZone`, or null for a job repeated every `everyMs`. */
    pattern: z.string().nullable(),
    timeZone: z.string().nullable(),
    everyMs: z.number().int().nullable(),
    /** When it runs next (ISO 8601); null when the scheduler does not say. */
    nextRunAt: z.string().nullable(),
  })
  .meta({ id: 'ScheduledJob' });

export const queueHealthSchema = z
  .object({
    queues: z.array(
      z.object({
        name: z.string(),
        isPaused: z.boolean(),
        counts: jobCountsSchema,
        /** Workers connected to the queue right now. */
        workerCount: z.number().int(),
        schedules: z.array(scheduledJobSchema),
      }),
    ),
    /** Events appended but not yet handed to the queue by the outbox relay. */
    unrelayedEvents: z.number().int(),
  })
  .meta({ id: 'QueueHealth' });

export const failedJobSchema = z
  .object({
    jobId: z.string(),
    name: z.string(),
    failedReason: z.string(),
    attemptsMade: z.number().int(),
    /** When the job was created and when it last failed (ISO 8601). */
    createdAt: z.string(),
    failedAt: z.string().nullable(),
    /** Short JSON of the job's data, for recognising it. */
    dataPreview: z.string(),
  })
  .meta({ id: 'FailedJob' });

export const FAILED_JOB_PAGE_SIZE = 20;

export const failedJobQuerySchema = z
  .object({
    limit: z.coerce.number('limit は数値で指定してください').int('limit は整数で指定してください').min(1, 'limit は 1 以上で指定してください').max(100, 'limit は 100 以下で指定してください').default(FAILED_JOB_PAGE_SIZE),
    offset: z.coerce.number('offset は数値で指定してください').int('offset は整数で指定してください').min(0, 'offset は 0 以上で指定してください').default(0),
  })
  .meta({ id: 'FailedJobQuery' });

export const failedJobPageSchema = z
  .object({ items: z.array(failedJobSchema), total: z.number().int(), limit: z.number().int(), offset: z.number().int() })
  .meta({ id: 'FailedJobPage' });

export const retriedJobsSchema = z.object({ retriedCount: z.number().int() }).meta({ id: 'RetriedJobs' });

/** The job a 「今すぐ実行」 put in the queue. */
export const startedJobSchema = z.object({ jobId: z.string() }).meta({ id: 'StartedJob' });

export type JobCounts = z.infer<typeof jobCountsSchema>;
export type QueueHealth = z.infer<typeof queueHealthSchema>;
export type FailedJob = z.infer<typeof failedJobSchema>;
export type FailedJobQuery = z.infer<typeof failedJobQuerySchema>;
export type FailedJobPage = z.infer<typeof failedJobPageSchema>;
export type RetriedJobs = z.infer<typeof retriedJobsSchema>;
export type ScheduledJob = z.infer<typeof scheduledJobSchema>;
export type StartedJob = z.infer<typeof startedJobSchema>;
