import { CERTIFICATION_COURSES, isCertificationSlug } from '@campus/contracts/catalogue-slugs';

/** The course's short label (LINE広告 Basic …), else the title the server sent. */
export const courseLabel = (slug: string, title?: string): string => (isCertificationSlug(slug) ? CERTIFICATION_COURSES[slug].label : (title ?? slug));
