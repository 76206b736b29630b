import { z } from 'zod';

/** Thresholds of the flags (documented in docs/architecture.md). */
export const ITEM_FLAG_RULES = {
  tooEasyAbove: 0.95,
  tooHardBelow: 0.2,
  /** Discrimination is shown from this many attempts on (fewer say nothing). */
  minAttemptsForDiscrimination: 10,
  /** Over-exposed: drawn in more than this many times the share a fair draw gives its topic (count ÷ published of the topic). */
  overExposureFactor: 1.5,
} as const;

export const itemStatisticSchema = z
  .object({
    questionId: z.string(),
    topic: z.string(),
    /** Graded sessions that drew it. */
    attempts: z.number().int(),
    /** Share right (p-value), null before any attempt. */
    pValue: z.number().nullable(),
    /** Point-biserial correlation of the item with the rest of the exam's score; null when too few attempts or no variance. */
    discrimination: z.number().nullable(),
    /** Share of the course's graded sessions that drew it. */
    exposure: z.number().nullable(),
    lastDrawnAt: z.string().nullable(),
    /** Share right among learners in the lower, middle and upper third of total scores (the per-question chart). */
    byScoreBand: z.array(z.object({ band: z.enum(['lower', 'middle', 'upper']), attempts: z.number().int(), pValue: z.number().nullable() })),
    flags: z.array(z.enum(['tooEasy', 'tooHard', 'negativeDiscrimination', 'overExposed'])),
  })
  .meta({ id: 'ItemStatistic' });

export const itemStatisticsSchema = z
  .object({
    courseSlug: z.string(),
    /** The Japanese name of each topic of the blueprint (the slug stands for a topic it no longer has). */
    topicNames: z.record(z.string(), z.string()),
    gradedSessions: z.number().int(),
    items: z.array(itemStatisticSchema),
  })
  .meta({ id: 'ItemStatistics' });

export type ItemStatistic = z.infer<typeof itemStatisticSchema>;
export type ItemStatistics = z.infer<typeof itemStatisticsSchema>;
export type ItemFlag = ItemStatistic['flags'][number];
