import { z } from 'zod';
import { courseCardSchema } from './catalogue.js';

/** Favourites and visits exist for these kinds (spec §7). */
export const activityCourseKindSchema = z.enum(['learning', 'seminar', 'certification']);
export type ActivityCourseKind = z.infer<typeof activityCourseKindSchema>;

export const setFavoriteRequestSchema = z.object({ value: z.boolean('true か false で指定してください') }).meta({ id: 'SetFavoriteRequest' });
export const favoriteStateSchema = z.object({ isFavorite: z.boolean() }).meta({ id: 'FavoriteState' });
export const courseVisitSchema = z.object({ visitedAt: z.string() }).meta({ id: 'CourseVisit' });

export const favoriteCoursesQuerySchema = z.object({ type: activityCourseKindSchema.optional() });

export const courseHistoryQuerySchema = z.object({
  type: activityCourseKindSchema.optional(),
  limit: z.coerce.number().int('整数で指定してください').min(1, '1 以上で指定してください').max(50, '50 以下で指定してください').default(3),
  offset: z.coerce.number().int('整数で指定してください').min(0, '0 以上で指定してください').default(0),
  /** `true`: only courses under way (a lesson done, not all of them), for the top page's 続きから学ぶ. */
  inProgress: z
    .enum(['true'], 'true で指定してください')
    .transform(() => true)
    .optional(),
});
export type CourseHistoryQuery = z.infer<typeof courseHistoryQuerySchema>;

export const favoriteCourseSchema = courseCardSchema.extend({ favoritedAt: z.string() }).meta({ id: 'FavoriteCourse' });
export const favoriteCoursesSchema = z.array(favoriteCourseSchema).meta({ id: 'FavoriteCourses' });

export const visitedCourseSchema = courseCardSchema.extend({ visitedAt: z.string() }).meta({ id: 'VisitedCourse' });
export const courseHistorySchema = z.object({ items: z.array(visitedCourseSchema), total: z.number().int() }).meta({ id: 'CourseHistory' });

export type SetFavoriteRequest = z.infer<typeof setFavoriteRequestSchema>;
export type FavoriteState = z.infer<typeof favoriteStateSchema>;
export type CourseVisit = z.infer<typeof courseVisitSchema>;
export type FavoriteCourse = z.infer<typeof favoriteCourseSchema>;
export type VisitedCourse = z.infer<typeof visitedCourseSchema>;
export type CourseHistory = z.infer<typeof courseHistorySchema>;
