import { Inject } from '@nestjs/common';
import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { count, desc, eq, or, type SQL } from 'drizzle-orm';
import { APP_CONFIG } from '../../../../config/config.module.js';
import type { AppConfig } from '../../../../config/config.js';
import { certificationLabelOf } from '../../../../contracts/catalogue-slugs.js';
import type { AdminCredentialPage } from '../../../../contracts/credentials.js';
import type { DatabaseConnection, DatabaseExecutor } from '../../../../database/connection.js';
import { DATABASE_CONNECTION } from '../../../../database/database.tokens.js';
import { certificateIdOf, certificateSlugsByIds } from '../../../certificates/reads.js';
import { coursesInCatalogueOrder } from '../../../catalogue/reads.js';
import { learnerMatches, learnersByIds } from '../../../identity/reads.js';
import { credentialStatusAt } from '../../credential-link.js';
import { openBadgeCredentials } from '../../credentials.schema.js';
import { credentialUrlOf } from '../../open-badge-credential.js';
import { ListAdminCredentialsQuery } from './list-admin-credentials.query.js';

/**
 * What the admin typed: part of an e-mail address or of a name (identity's match), or a certificate
 * number as printed (any case, hyphens or not).
 */
async function searchCondition(db: DatabaseExecutor, q: string): Promise<SQL | undefined> {
  const words = q.trim();
  if (!words) return undefined;
  const certificateId = await certificateIdOf(db, { slug: words.toUpperCase().replace(/-/g, '') });
  return or(learnerMatches(words, openBadgeCredentials.userId), certificateId ? eq(openBadgeCredentials.certificateId, certificateId) : undefined);
}

@QueryHandler(ListAdminCredentialsQuery)
export class ListAdminCredentialsHandler implements IQueryHandler<ListAdminCredentialsQuery> {
  constructor(
    @Inject(DATABASE_CONNECTION) private readonly connection: DatabaseConnection,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async execute({ search }: ListAdminCredentialsQuery): Promise<AdminCredentialPage> {
    const { db } = this.connection;
    const where = await searchCondition(db, search.q ?? '');
    const [credentials, [total]] = await Promise.all([
      db
        .select({
          credentialId: openBadgeCredentials.id,
          certificateId: openBadgeCredentials.certificateId,
          userId: openBadgeCredentials.userId,
          courseId: openBadgeCredentials.courseId,
          validFrom: openBadgeCredentials.validFrom,
          validUntil: openBadgeCredentials.validUntil,
          revokedAt: openBadgeCredentials.revokedAt,
          revocationCategory: openBadgeCredentials.revocationCategory,
          reason: openBadgeCredentials.revocationReason,
        })
        .from(openBadgeCredentials)
        .where(where)
        .orderBy(desc(openBadgeCredentials.issuedAt), desc(openBadgeCredentials.id))
        .limit(search.limit)
        .offset(search.offset),
      db.select({ n: count() }).from(openBadgeCredentials).where(where),
    ]);
    // The page's learners, certificates and courses, each from its owner in one read.
    const [learners, slugs, courseList] = await Promise.all([
      learnersByIds(db, credentials.map((row) => row.userId)),
      certificateSlugsByIds(db, credentials.map((row) => row.certificateId)),
      coursesInCatalogueOrder(db, credentials.map((row) => row.courseId)),
    ]);
    const coursesById = new Map(courseList.map((course) => [course.id, course]));
    const rows = credentials.map((row) => {
      const learner = learners.get(row.userId);
      const course = coursesById.get(row.courseId);
      return {
        ...row,
        certificateSlug: slugs.get(row.certificateId) ?? '',
        lastName: learner?.lastName ?? '',
        firstName: learner?.firstName ?? '',
        email: learner?.email ?? null,
        courseSlug: course?.slug ?? '',
        courseTitle: course?.title ?? '',
      };
    });
    const now = new Date();
    return {
      items: rows.map((row) => ({
        credentialId: row.credentialId,
        certificateSlug: row.certificateSlug,
        learnerName: `${row.lastName} ${row.firstName}`.trim(),
        learnerEmail: row.email,
        courseSlug: row.courseSlug,
        courseLabel: certificationLabelOf(row.courseSlug, row.courseTitle),
        validFrom: row.validFrom.toISOString(),
        validUntil: row.validUntil.toISOString(),
        status: credentialStatusAt(row, now),
        revokedAt: row.revokedAt?.toISOString() ?? null,
        revocationCategory: row.revokedAt ? (row.revocationCategory ?? 'other') : null,
        reason: row.reason,
        jsonUrl: `${credentialUrlOf(this.config.publicOrigin, row.credentialId)}?format=json`,
      })),
      total: total?.n ?? 0,
      limit: search.limit,
      offset: search.offset,
    };
  }
}
