import { Inject } from '@nestjs/common';
import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { count, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import { APP_CONFIG } from '../../../../config/config.module.js';
import type { AppConfig } from '../../../../config/config.js';
import { CERTIFICATION_COURSES, type CertificationSlug } from '../../../../contracts/catalogue-slugs.js';
import type { AdminCredentialPage } from '../../../../contracts/credentials.js';
import type { DatabaseConnection } from '../../../../database/connection.js';
import { DATABASE_CONNECTION } from '../../../../database/database.tokens.js';
import { certificates } from '../../../certificates/certificates.schema.js';
import { courses } from '../../../catalogue/catalogue.schema.js';
import { users } from '../../../identity/identity.schema.js';
import { credentialStatusAt } from '../../credential-link.js';
import { openBadgeCredentials } from '../../credentials.schema.js';
import { credentialUrlOf } from '../../open-badge-credential.js';
import { ListAdminCredentialsQuery } from './list-admin-credentials.query.js';

/** `%`, `_` and `\` typed by the admin are letters, not patterns. */
const likeEscaped = (text: string) => text.replace(/[\\%_]/g, (character) => `\\${character}`);

/**
 * What the admin typed: part of an e-mail address or of a name (family and given name, with or
 * without a space between), or a certificate number as printed (any case, hyphens or not).
 */
function searchCondition(q: string): SQL | undefined {
  const words = q.trim();
  if (!words) return undefined;
  const pattern = `%${likeEscaped(words)}%`;
  const compact = `%${likeEscaped(words.replace(/[\s\u3000]+/g, ''))}%`;
  return or(
    ilike(users.email, pattern),
    ilike(users.verifiedEmail, pattern),
    ilike(sql`${users.lastName} || ${users.firstName}`, compact),
    eq(certificates.slug, words.toUpperCase().replace(/-/g, '')),
  );
}

@QueryHandler(ListAdminCredentialsQuery)
export class ListAdminCredentialsHandler implements IQueryHandler<ListAdminCredentialsQuery> {
  constructor(
    @Inject(DATABASE_CONNECTION) private readonly connection: DatabaseConnection,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async execute({ search }: ListAdminCredentialsQuery): Promise<AdminCredentialPage> {
    const { db } = this.connection;
    const where = searchCondition(search.q ?? '');
    const [rows, [total]] = await Promise.all([
      db
        .select({
          credentialId: openBadgeCredentials.id,
          certificateSlug: certificates.slug,
          lastName: users.lastName,
          firstName: users.firstName,
          email: users.email,
          courseSlug: courses.slug,
          courseTitle: courses.title,
          validFrom: openBadgeCredentials.validFrom,
          validUntil: openBadgeCredentials.validUntil,
          revokedAt: openBadgeCredentials.revokedAt,
          revocationCategory: openBadgeCredentials.revocationCategory,
          reason: openBadgeCredentials.revocationReason,
        })
        .from(openBadgeCredentials)
        .innerJoin(certificates, eq(certificates.id, openBadgeCredentials.certificateId))
        .innerJoin(users, eq(users.id, openBadgeCredentials.userId))
        .innerJoin(courses, eq(courses.id, openBadgeCredentials.courseId))
        .where(where)
        .orderBy(desc(openBadgeCredentials.issuedAt), desc(openBadgeCredentials.id))
        .limit(search.limit)
        .offset(search.offset),
      db
        .select({ n: count() })
        .from(openBadgeCredentials)
        .innerJoin(certificates, eq(certificates.id, openBadgeCredentials.certificateId))
        .innerJoin(users, eq(users.id, openBadgeCredentials.userId))
        .where(where),
    ]);
    const now = new Date();
    return {
      items: rows.map((row) => ({
        credentialId: row.credentialId,
        certificateSlug: row.certificateSlug,
        learnerName: `${row.lastName} ${row.firstName}`.trim(),
        learnerEmail: row.email,
        courseSlug: row.courseSlug,
        courseLabel: CERTIFICATION_COURSES[row.courseSlug as CertificationSlug]?.label ?? row.courseTitle,
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
