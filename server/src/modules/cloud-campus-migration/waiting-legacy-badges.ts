import { and, eq, isNull } from 'drizzle-orm';
import type { DatabaseExecutor } from '../../database/connection.js';
import { courses } from '../catalogue/catalogue.schema.js';
import { legacyBadges } from './cloud-campus-migration.schema.js';

/**
 * The one definition of "records this e-mail can carry over now": not migrated yet, for a certification
 * course present in the catalogue. Offering (login, import) and migrating must agree on it: a record the
 * migration skips must not raise the flag again, or the popup returns at every login and migrates nothing.
 * A record whose course is not in the catalogue (yet) keeps waiting and counts once the course arrives.
 * Framework-free on purpose, so the identity module can use it without importing this feature's module.
 */
export function waitingLegacyBadges(db: DatabaseExecutor, email: string) {
  return db
    .select({
      courseSlug: legacyBadges.courseSlug,
      passedAt: legacyBadges.passedAt,
      courseId: courses.id,
      validMonths: courses.badgeValidMonths,
    })
    .from(legacyBadges)
    .innerJoin(courses, and(eq(courses.kind, 'certification'), eq(courses.slug, legacyBadges.courseSlug)))
    .where(and(eq(legacyBadges.email, email), isNull(legacyBadges.migratedAt)))
    .orderBy(legacyBadges.courseSlug);
}
