import { z } from 'zod';

export const programCodeSchema = z.enum(['OA', 'AD', 'Y_ADS']);

export const categoriesQuerySchema = z.object({
  program: programCodeSchema.describe('OA (LINE公式アカウント), AD (LINE広告) or Y_ADS (Yahoo!広告)'),
});

export const categorySchema = z.object({ program: programCodeSchema, slug: z.string(), name: z.string() }).meta({ id: 'Category' });
export const categoriesSchema = z.array(categorySchema).meta({ id: 'Categories' });

export const courseKindSchema = z.enum(['learning', 'seminar', 'video', 'certification']);

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

export const learningCoursesQuerySchema = z.object({
  program: repeatable(programCodeSchema).optional(),
  level: repeatable(levelSchema).optional(),
  category: repeatable(z.string().regex(/^[a-z0-9-]+$/, 'カテゴリーのスラッグで指定してください')).optional(),
  page: z.coerce.number().int('整数で指定してください').min(1, '1 以上で指定してください').default(1),
  limit: z.coerce.number().int('整数で指定してください').min(1, '1 以上で指定してください').max(50, '50 以下で指定してください').default(12),
});
export type LearningCoursesQuery = z.infer<typeof learningCoursesQuerySchema>;

export const courseCardSchema = z
  .object({
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
  })
  .meta({ id: 'CourseCard' });

export const courseCardPageSchema = z
  .object({ items: z.array(courseCardSchema), total: z.number().int(), page: z.number().int(), limit: z.number().int() })
  .meta({ id: 'CourseCardPage' });

export const learningCourseSchema = courseCardSchema
  .extend({
    lessons: z.array(
      z.object({
        slug: z.string(),
        title: z.string(),
        kind: z.enum(['text', 'slides', 'video']),
        estimatedMinutes: z.number().int(),
        loginRequired: z.boolean(),
      }),
    ),
  })
  .meta({ id: 'LearningCourse' });

export type CourseCard = z.infer<typeof courseCardSchema>;
export type CourseCardPage = z.infer<typeof courseCardPageSchema>;
export type LearningCourse = z.infer<typeof learningCourseSchema>;
