import { and, eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import { notFound } from '../../core/errors/app-error.js';
import type { CredentialLink } from '../../contracts/credentials.js';
import { getCredentialBadge } from '../../contracts/routes/credentials.js';
import type { Database } from '../../database/connection.js';
import { certificates } from '../certificates/certificates.schema.js';
import { openBadgeCredentials } from './credentials.schema.js';
import { credentialUrlOf } from './open-badge-credential.js';

const uuid = z.uuid();
const newer = alias(openBadgeCredentials, 'newer_credential');
const newerCertificate = alias(certificates, 'newer_certificate');

/** A path segment that is not a uuid names no credential: 404, never handed to the uuid column. */
export function credentialIdOrNotFound(input: string): string {
  if (!uuid.safeParse(input).success) throw notFound('デジタル認定証');
  return input.toLowerCase();
}

/** 取り消し (revoked by an admin) outranks 期限切れ (past validUntil). */
export const credentialStatusAt = (row: { revokedAt: Date | null; validUntil: Date }, now: Date): CredentialLink['status'] =>
  row.revokedAt ? 'revoked' : row.validUntil.getTime() < now.getTime() ? 'expired' : 'active';

/** The credential of a certificate chosen by id (of its holder) or by slug (anyone). */
export async function findCredentialLink(db: Database, publicOrigin: string, certificate: { id: string; userId: string } | { slug: string }, now: Date): Promise<CredentialLink> {
  const condition = 'slug' in certificate ? eq(certificates.slug, certificate.slug) : and(eq(certificates.id, certificate.id), eq(certificates.userId, certificate.userId));
  const [row] = await db
    .select({
      id: openBadgeCredentials.id,
      validFrom: openBadgeCredentials.validFrom,
      validUntil: openBadgeCredentials.validUntil,
      revokedAt: openBadgeCredentials.revokedAt,
      revocationCategory: openBadgeCredentials.revocationCategory,
      newerId: newer.id,
      newerSlug: newerCertificate.slug,
    })
    .from(openBadgeCredentials)
    .innerJoin(certificates, eq(certificates.id, openBadgeCredentials.certificateId))
    .leftJoin(newer, eq(newer.id, openBadgeCredentials.supersededBy))
    .leftJoin(newerCertificate, eq(newerCertificate.id, newer.certificateId))
    .where(condition);
  // Not yet signed (a few seconds after the certificate) is as not found as a certificate that is not there.
  if (!row) throw notFound('デジタル認定証');
  const credentialUrl = credentialUrlOf(publicOrigin, row.id);
  return {
    credentialId: row.id,
    credentialUrl,
    jsonUrl: `${credentialUrl}?format=json`,
    badgeUrl: `${publicOrigin}${getCredentialBadge.path.replace(':credentialId', row.id)}`,
    validFrom: row.validFrom.toISOString(),
    validUntil: row.validUntil.toISOString(),
    status: credentialStatusAt(row, now),
    revokedAt: row.revokedAt?.toISOString() ?? null,
    revocation: row.revokedAt ? { revokedAt: row.revokedAt.toISOString(), category: row.revocationCategory ?? 'other' } : null,
    supersededBy: row.newerId && row.newerSlug ? { credentialId: row.newerId, credentialUrl: credentialUrlOf(publicOrigin, row.newerId), certificateSlug: row.newerSlug } : null,
  };
}
