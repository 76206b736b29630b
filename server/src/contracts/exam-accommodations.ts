import { z } from 'zod';

/** The most an admin may add, either way: four hours, or three times the normal limit. */
export const MAX_EXTRA_MINUTES = 240;
export const MAX_EXTRA_PERCENT = 200;

const DAY = /^\d{4}-\d{2}-\d{2}$/;
/** 2026-02-30 matches the pattern but is no day: Date rolls it over, which the round trip shows. */
const isRealDay = (day: string) => {
  const parsed = new Date(`${day}T00:00:00Z`);
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().slice(0, 10) === day;
};

const wholeNumber = (field: string, max: number) =>
  z
    .number(`${field} は数値で指定してください`)
    .int(`${field} は整数で指定してください`)
    .min(1, `${field} は 1 以上で指定してください`)
    .max(max, `${field} は ${max} 以下で指定してください`);

/**
 * Extra exam time for one learner: whole minutes or a percentage of each exam's limit (exactly one),
 * until the end of a Tokyo day or with no end, and why (kept for the admins, never shown to the learner).
 */
export const examAccommodationRequestSchema = z
  .strictObject({
    extraMinutes: wholeNumber('extraMinutes', MAX_EXTRA_MINUTES).nullish(),
    extraPercent: wholeNumber('extraPercent', MAX_EXTRA_PERCENT).nullish(),
    /** The last Tokyo day on which an exam started gets the extra time; null = no end. */
    endsOn: z
      .string('endsOn は YYYY-MM-DD で指定してください')
      .regex(DAY, 'endsOn は YYYY-MM-DD で指定してください')
      .refine(isRealDay, 'endsOn は存在する日付で指定してください')
      .nullish(),
    note: z.string('note を入力してください').trim().min(1, 'note を入力してください').max(500, 'note は 500 文字以内で入力してください'),
  })
  .superRefine((request, context) => {
    const minutes = request.extraMinutes != null;
    const percent = request.extraPercent != null;
    if (minutes === percent) {
      context.addIssue({
        code: 'custom',
        path: [minutes ? 'extraPercent' : 'extraMinutes'],
        message: minutes ? 'extraMinutes と extraPercent はどちらか一方だけ指定してください' : 'extraMinutes か extraPercent のどちらかを指定してください',
      });
    }
  })
  .meta({ id: 'ExamAccommodationRequest' });

export const examAccommodationSchema = z
  .object({
    extraMinutes: z.number().int().nullable(),
    extraPercent: z.number().int().nullable(),
    endsOn: z.string().nullable(),
    note: z.string(),
    grantedAt: z.string(),
    /** False once its end date is behind (Tokyo): exams started now get no extra time. */
    active: z.boolean(),
  })
  .meta({ id: 'ExamAccommodation' });

/** A learner as the admin looks them up, with the extra time they have now (null = none). */
export const learnerAccommodationSchema = z
  .object({
    learner: z.object({ userId: z.string(), email: z.string().nullable(), name: z.string() }),
    accommodation: examAccommodationSchema.nullable(),
  })
  .meta({ id: 'LearnerAccommodation' });

export const learnerAccommodationQuerySchema = z
  .object({ email: z.string('email を入力してください').trim().pipe(z.email('email はメールアドレスの形式で入力してください')) })
  .meta({ id: 'LearnerAccommodationQuery' });

export type ExamAccommodationRequest = z.infer<typeof examAccommodationRequestSchema>;
export type ExamAccommodation = z.infer<typeof examAccommodationSchema>;
export type LearnerAccommodation = z.infer<typeof learnerAccommodationSchema>;
export type LearnerAccommodationQuery = z.infer<typeof learnerAccommodationQuerySchema>;

/** What decides a learner's extra time at an exam's start. */
export interface AccommodationTerms {
  extraMinutes: number | null;
  extraPercent: number | null;
  endsOn: string | null;
}

/** A grant applies to exams started up to the end of its last Tokyo day (`tokyoToday` is YYYY-MM-DD). */
export const accommodationApplies = (terms: Pick<AccommodationTerms, 'endsOn'>, tokyoToday: string): boolean => terms.endsOn === null || terms.endsOn >= tokyoToday;

/** The extra minutes on an exam of `baseMinutes`: a percentage rounds up to whole minutes. */
export function extraMinutesOf(baseMinutes: number, terms: AccommodationTerms | null): number {
  if (!terms) return 0;
  if (terms.extraMinutes !== null) return terms.extraMinutes;
  return terms.extraPercent === null ? 0 : Math.ceil((baseMinutes * terms.extraPercent) / 100);
}
