/** Slugs of the spec's route table (§2, §3). Zod-free so the client's entry bundle stays small. */

export const PROGRAM_BY_SERVICE_SLUG = {
  'line-official-account': 'OA',
  'line-ads': 'AD',
  'yahoo-ads': 'Y_ADS',
} as const;

export type ServiceSlug = keyof typeof PROGRAM_BY_SERVICE_SLUG;
export type Program = (typeof PROGRAM_BY_SERVICE_SLUG)[ServiceSlug];

export const SERVICE_SLUGS = Object.keys(PROGRAM_BY_SERVICE_SLUG) as ServiceSlug[];

/** The catalogue's kinds of course (contracts/catalogue.ts `courseKindSchema` checks them). */
export const COURSE_KINDS = ['learning', 'seminar', 'video', 'certification'] as const;

/** Video courses exist for these services only. */
export const VIDEO_SERVICE_SLUGS = ['line-official-account', 'yahoo-ads'] as const satisfies readonly ServiceSlug[];

/**
 * The content pack's eight certification courses (spec §3) and their short labels. The studio may add
 * more: those live in the catalogue only, labelled by their title (`certificationLabelOf`).
 */
export const CERTIFICATION_COURSES = {
  'line-official-account-basic': { program: 'OA', label: 'LINE公式アカウント Basic' },
  'line-official-account-advanced': { program: 'OA', label: 'LINE公式アカウント Advanced' },
  'line-ads-basic': { program: 'AD', label: 'LINE広告 Basic' },
  'line-ads-advanced': { program: 'AD', label: 'LINE広告 Advanced' },
  'yahoo-ads-searchads-basic': { program: 'Y_ADS', label: 'Yahoo!広告 検索広告 Basic' },
  'yahoo-ads-searchads-advanced': { program: 'Y_ADS', label: 'Yahoo!広告 検索広告 Advanced' },
  'yahoo-ads-displayads-basic': { program: 'Y_ADS', label: 'Yahoo!広告 ディスプレイ広告 Basic' },
  'yahoo-ads-displayads-advanced': { program: 'Y_ADS', label: 'Yahoo!広告 ディスプレイ広告 Advanced' },
} as const satisfies Record<string, { program: Program; label: string }>;

export type CertificationSlug = keyof typeof CERTIFICATION_COURSES;

export const CERTIFICATION_SLUGS = Object.keys(CERTIFICATION_COURSES) as CertificationSlug[];

export const FEED_CATEGORIES = ['general', 'personal'] as const;
export type FeedCategory = (typeof FEED_CATEGORIES)[number];

const isOneOf = <T extends string>(values: readonly T[], value: string | undefined): value is T =>
  value !== undefined && (values as readonly string[]).includes(value);

export const isServiceSlug = (value: string | undefined): value is ServiceSlug => isOneOf(SERVICE_SLUGS, value);
export const isVideoServiceSlug = (value: string | undefined) => isOneOf(VIDEO_SERVICE_SLUGS, value);
export const isCertificationSlug = (value: string | undefined): value is CertificationSlug => isOneOf(CERTIFICATION_SLUGS, value);
export const isFeedCategory = (value: string | undefined): value is FeedCategory => isOneOf(FEED_CATEGORIES, value);

/** A slug's shape (lowercase letters, digits, single hyphens): what a course address may name at all. */
export const isSlugShaped = (value: string | undefined): value is string => value !== undefined && value.length <= 80 && /^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(value);

/** The label a certification course goes by: the pack's short label, else the course's own title. */
export const certificationLabelOf = (slug: string, title: string): string => (isCertificationSlug(slug) ? CERTIFICATION_COURSES[slug].label : title);

/** The badge artwork's file name under /badges/: the pack's courses have their own, studio courses share one. */
export const badgeArtworkNameOf = (courseSlug: string): string => (isCertificationSlug(courseSlug) ? courseSlug : 'skill-badge');

/** Spec §2: swapping an Advanced slug for Basic leads to the Basic course. */
export const basicCourseOf = <T extends string>(slug: T): T => slug.replace(/-advanced$/, '-basic') as T;

/**
 * The level (spec §3 BEGINNER / INTERMEDIATE / ADVANCED) a certification course carries: Basic is
 * where every learner starts (BEGINNER), Advanced needs the Basic badge first (ADVANCED). No
 * certification is INTERMEDIATE. The content pack writes it in each course.yaml and the import checks it.
 */
export const certificationLevelOf = (slug: CertificationSlug): 'BEGINNER' | 'ADVANCED' => (slug.endsWith('-advanced') ? 'ADVANCED' : 'BEGINNER');

export const SERVICE_LABELS: Record<ServiceSlug, string> = {
  'line-official-account': 'LINE公式アカウント',
  'line-ads': 'LINE広告',
  'yahoo-ads': 'Yahoo!広告',
};
