import { randomUUID } from 'node:crypto';
import { certificationLevelOf, type CertificationSlug } from '../contracts/catalogue-slugs';
import type { courses } from '../modules/catalogue/catalogue.schema';

/** A certification course row for handler specs on PGlite: what the content import would have written. */
export const aCertificationCourseRow = (slug: string, position: number, overrides: Partial<typeof courses.$inferInsert> = {}): typeof courses.$inferInsert => ({
  id: randomUUID(),
  kind: 'certification',
  program: 'AD',
  slug,
  title: slug,
  summary: '',
  level: certificationLevelOf(slug as CertificationSlug),
  categories: [],
  estimatedMinutes: 30,
  badgeValidMonths: 12,
  position,
  contentHash: 'h',
  ...overrides,
});
