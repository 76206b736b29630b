import { z } from 'zod';
import { COURSE_KINDS, isSlugShaped } from './catalogue-slugs.js';

/** A query's certification course: any slug-shaped name (the studio adds courses); one nobody has matches nothing. */
export const certificationSlugParam = z.string().refine(isSlugShaped, { error: 'courseSlug は認定コースのスラッグで指定してください' });

export const programCodeSchema = z.enum(['OA', 'AD', 'Y_ADS']);

export const categoriesQuerySchema = z.object({
  program: programCodeSchema.describe('OA (LINE公式アカウント), AD (LINE広告) or Y_ADS (Yahoo!広告)'),
});

export const programSchema = z
  .object({ code: programCodeSchema, serviceSlug: z.string(), name: z.string(), description: z.string() })
  .meta({ id: 'Program' });
export const programsSchema = z.array(programSchema).meta({ id: 'Programs' });

export const categorySchema = z.object({ program: programCodeSchema, slug: z.string(), name: z.string() }).meta({ id: 'Category' });
export const categoriesSchema = z.array(categorySchema).meta({ id: 'Categories' });

export const courseKindSchema = z.enum(COURSE_KINDS);

export const featuredItemSchema = z
  .object({
    kind: courseKindSchema,
    program: programCodeSchema,
    slug: z.string(),
    title: z.string(),
    summary: z.string(),
    headline: z.string(),
    /** The course page on this site. */
    path: z.string(),
  })
  .meta({ id: 'FeaturedItem' });
export const featuredItemsSchema = z.array(featuredItemSchema).meta({ id: 'FeaturedItems' });

export const campaignSchema = z
  .object({
    title: z.string(),
    body: z.string().describe('Markdown'),
    startsOn: z.string(),
    endsOn: z.string(),
    link: z.string(),
  })
  .meta({ id: 'Campaign' });

export type ProgramOverview = z.infer<typeof programSchema>;
export type Category = z.infer<typeof categorySchema>;
export type FeaturedItem = z.infer<typeof featuredItemSchema>;
export type Campaign = z.infer<typeof campaignSchema>;

/** A repeatable query parameter: `?level=BEGINNER&level=ADVANCED` or `?level=BEGINNER,ADVANCED`. */
const repeatable = <T extends z.ZodType<unknown, string>>(item: T) =>
  z
    .union([z.string(), z.array(z.string())])
    .transform((value) => (Array.isArray(value) ? value : [value]).flatMap((part) => part.split(',')).filter(Boolean))
    .pipe(z.array(item));

export const levelSchema = z.enum(['BEGINNER', 'INTERMEDIATE', 'ADVANCED']);

/** `true` / `false` in a query string. */
const queryFlag = z.enum(['true', 'false'], 'true か false で指定してください').transform((value) => value === 'true');

const pageNumber = z.coerce.number().int('整数で指定してください').min(1, '1 以上で指定してください');

export const learningCoursesQuerySchema = z.object({
  program: repeatable(programCodeSchema).optional(),
  level: repeatable(levelSchema).optional(),
  category: repeatable(z.string().regex(/^[a-z0-9-]+$/, 'カテゴリーのスラッグで指定してください')).optional(),
  /** Spec §3: the list's "not taken" filter arrives as isStarted=false; needs a logged-in learner. */
  isStarted: queryFlag.optional(),
  /** The list's "favourites" filter arrives as isFavorite=true; needs a logged-in learner. */
  isFavorite: queryFlag.optional(),
  page: pageNumber.default(1),
  limit: pageNumber.max(50, '50 以下で指定してください').default(12),
});
export type LearningCoursesQuery = z.infer<typeof learningCoursesQuerySchema>;

export const programFilterQuerySchema = z.object({ program: repeatable(programCodeSchema).optional() });
export type ProgramFilterQuery = z.infer<typeof programFilterQuerySchema>;

export const courseCardSchema = z
  .object({
    kind: courseKindSchema,
    slug: z.string(),
    program: programCodeSchema,
    title: z.string(),
    summary: z.string(),
    level: levelSchema,
    categories: z.array(z.string()),
    estimatedMinutes: z.number().int(),
    lessonCount: z.number().int(),
    loginRequired: z.boolean(),
    path: z.string(),
    /** The learner's own flags; always false for visitors. */
    isFavorite: z.boolean(),
    isStarted: z.boolean(),
    completedLessonCount: z.number().int(),
  })
  .meta({ id: 'CourseCard' });
export const courseCardsSchema = z.array(courseCardSchema).meta({ id: 'CourseCards' });

export const courseCardPageSchema = z
  .object({ items: z.array(courseCardSchema), total: z.number().int(), page: z.number().int(), limit: z.number().int() })
  .meta({ id: 'CourseCardPage' });

export const lessonSummarySchema = z
  .object({
    slug: z.string(),
    title: z.string(),
    kind: z.enum(['text', 'slides', 'video']),
    estimatedMinutes: z.number().int(),
    loginRequired: z.boolean(),
    isCompleted: z.boolean(),
  })
  .meta({ id: 'LessonSummary' });

/** A learning, seminar or video course with its lessons and the learner's progress. */
export const courseDetailSchema = courseCardSchema.extend({ lessons: z.array(lessonSummarySchema) }).meta({ id: 'CourseDetail' });

export const badgeStatusSchema = z.enum(['available', 'unavailable', 'expired']);

export const certificationCourseCardSchema = courseCardSchema
  .extend({
    label: z.string(),
    /** available = held and valid, unavailable = never acquired (or visitor), expired = held once. */
    badgeStatus: badgeStatusSchema,
    badgeExpiresAt: z.string().nullable(),
    /**
     * What the course page offers the learner: take = 受験する (no badge ever); renew = 更新受験 (the badge
     * expires within 30 days, or has expired); held = nothing until `renewalOpensAt` (the badge is valid).
     */
    examOffer: z.enum(['take', 'renew', 'held']),
    /** From when 更新受験 is offered (30 days before the expiry); null without a badge. */
    renewalOpensAt: z.string().nullable(),
    exam: z.object({ questionCount: z.number().int(), minutes: z.number().int(), passPercent: z.number().int(), retakeWaitHours: z.number().int() }),
    /** Advanced courses: the Basic course whose badge is needed first. */
    requiresSlug: z.string().nullable(),
  })
  .meta({ id: 'CertificationCourseCard' });
export const certificationCourseCardsSchema = z.array(certificationCourseCardSchema).meta({ id: 'CertificationCourseCards' });
export const certificationCourseDetailSchema = certificationCourseCardSchema
  .extend({
    lessons: z.array(lessonSummarySchema),
    /** The learner's exam of this course still under way (its time not out), for 受験中 / 続きから受験する; else null. */
    runningExam: z.object({ examSessionId: z.string(), deadline: z.string() }).nullable(),
    /** The learner's latest attempt has ended (time up or submitted) and its result is not known yet: nothing is offered until it is (EXAM_GRADING). */
    examGrading: z.boolean(),
    /** The learner's extra minutes on this exam if they started it now (their exam accommodation); 0 for none or a visitor. */
    examExtraMinutes: z.number().int(),
    /** After the learner's last graded attempt failed: when the next may start, while that is still ahead (EXAM_COOLDOWN); else null. */
    retakeOpensAt: z.string().nullable(),
  })
  .meta({ id: 'CertificationCourseDetail' });

export type CourseKind = z.infer<typeof courseKindSchema>;
export type Level = z.infer<typeof levelSchema>;
export type BadgeStatus = z.infer<typeof badgeStatusSchema>;
export type CourseCard = z.infer<typeof courseCardSchema>;
export type CourseCardPage = z.infer<typeof courseCardPageSchema>;
export type LessonSummary = z.infer<typeof lessonSummarySchema>;
export type CourseDetail = z.infer<typeof courseDetailSchema>;
export type CertificationCourseCard = z.infer<typeof certificationCourseCardSchema>;
export type CertificationCourseDetail = z.infer<typeof certificationCourseDetailSchema>;
