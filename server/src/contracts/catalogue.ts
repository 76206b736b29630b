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
