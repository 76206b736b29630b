import { eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import { notFound } from '../../core/errors/app-error.js';
import type { CredentialLink } from '../../contracts/credentials.js';
import { getCredentialBadge } from '../../contracts/routes/credentials.js';
import type { Database } from '../../database/connection.js';
import { certificateForCredential, certificateIdOf } from '../certificates/reads.js';
import { openBadgeCredentials } from './credentials.schema.js';
import { credentialUrlOf } from './open-badge-credential.js';

const uuid = z.uuid();
const newer = alias(openBadgeCredentials, 'newer_credential');

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
  const certificateId = await certificateIdOf(db, certificate);
  const [row] = certificateId
    ? await db
        .select({
          id: openBadgeCredentials.id,
          validFrom: openBadgeCredentials.validFrom,
          validUntil: openBadgeCredentials.validUntil,
          revokedAt: openBadgeCredentials.revokedAt,
          revocationCategory: openBadgeCredentials.revocationCategory,
          newerId: newer.id,
          newerCertificateId: newer.certificateId,
        })
        .from(openBadgeCredentials)
        .leftJoin(newer, eq(newer.id, openBadgeCredentials.supersededBy))
        .where(eq(openBadgeCredentials.certificateId, certificateId))
    : [];
  // Not yet signed (a few seconds after the certificate) is as not found as a certificate that is not there.
  if (!row) throw notFound('デジタル認定証');
  // The newer certificate's number, which the holder is sent to (certificates publishes it).
  const newerSlug = row.newerCertificateId ? ((await certificateForCredential(db, row.newerCertificateId))?.slug ?? null) : null;
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
    supersededBy: row.newerId && newerSlug ? { credentialId: row.newerId, credentialUrl: credentialUrlOf(publicOrigin, row.newerId), certificateSlug: newerSlug } : null,
  };
}
