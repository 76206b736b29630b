import { z } from 'zod';
import { certificationSlugParam } from './catalogue.js';

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * A date range in Asia/Tokyo days, both ends included (default: the last 30 days up to today), and the
 * size of a period on the time axis. At most 366 days.
 */
export const examAnalyticsQuerySchema = z
  .object({
    from: z.string().regex(DAY, 'from は YYYY-MM-DD で指定してください').optional(),
    to: z.string().regex(DAY, 'to は YYYY-MM-DD で指定してください').optional(),
    granularity: z.enum(['day', 'week'], { error: 'granularity は day か week で指定してください' }).default('day'),
    courseSlug: certificationSlugParam.optional(),
  })
  .meta({ id: 'ExamAnalyticsQuery' });

const rate = z.number().min(0).max(1).nullable().describe('0–1; null when nothing was counted.');
const topicName = z.string().describe("The topic's name in the course's exam (セグメント設計); its slug when the course no longer has the topic.");

export const examAnalyticsSchema = z
  .object({
    from: z.string(),
    to: z.string(),
    granularity: z.enum(['day', 'week']),
    /** Attempts (graded sessions, by start day) and pass rate per course and period; every period is present, even empty. */
    courses: z.array(
      z.object({
        courseSlug: z.string(),
        title: z.string(),
        attempts: z.number().int(),
        passed: z.number().int(),
        passRate: rate,
        series: z.array(z.object({ period: z.string(), attempts: z.number().int(), passed: z.number().int(), passRate: rate })),
      }),
    ),
    /** Share of correct answers per topic: the lower, the harder. */
    topics: z.array(z.object({ courseSlug: z.string(), topic: z.string(), topicName, answered: z.number().int(), correctRate: rate })),
    /** Per question, hardest first. */
    questions: z.array(
      z.object({
        courseSlug: z.string(),
        questionId: z.string(),
        topic: z.string(),
        topicName,
        prompt: z.string(),
        answered: z.number().int(),
        correctRate: rate,
      }),
    ),
    /** Course reviews (1–5 stars) given in the range, per course. */
    reviews: z.array(z.object({ courseSlug: z.string(), title: z.string(), reviewCount: z.number().int(), averageScore: z.number().nullable() })),
  })
  .meta({ id: 'ExamAnalytics' });

export type ExamAnalyticsQuery = z.infer<typeof examAnalyticsQuerySchema>;
export type ExamAnalytics = z.infer<typeof examAnalyticsSchema>;
