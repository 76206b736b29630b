import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { type DatabaseExecutor, rowsOf } from '../../database/connection.js';
import { type EventRow, toStoredEvent } from '../../database/event-row.js';
import type { StoredEvent } from '../../database/event-store.js';
import { CERTIFICATE_STREAM } from './events.js';
import type { RevocationCategory } from '../../contracts/revocation-categories.js';
import { certificates } from './certificates.schema.js';
import { readStoredCertificate } from './certificate-storage.js';

/** What certificates publishes for the modules above it (credentials): plain data, never its tables. */

/** The key other modules' rows reference (`.references(certificateKey, …)`). */
export const certificateKey = () => certificates.id;

/** What a credential of a certificate needs of it; null when there is no such certificate. */
export async function certificateForCredential(
  db: DatabaseExecutor,
  certificateId: string,
): Promise<{ certificateId: string; slug: string; userId: string; courseId: string; examSessionId: string | null } | null> {
  const [certificate] = await db
    .select({ certificateId: certificates.id, slug: certificates.slug, userId: certificates.userId, courseId: certificates.courseId, examSessionId: certificates.examSessionId })
    .from(certificates)
    .where(eq(certificates.id, certificateId));
  return certificate ?? null;
}

/** What the certificate mail tells of a certificate (mail module); null when there is no such certificate. */
export async function certificateForMail(
  db: DatabaseExecutor,
  certificateId: string,
): Promise<{ slug: string; userId: string; holderName: string; issuedAt: Date; expiresAt: Date; pdfPath: string } | null> {
  const [certificate] = await db
    .select({ slug: certificates.slug, userId: certificates.userId, holderName: certificates.holderName, issuedAt: certificates.issuedAt, expiresAt: certificates.expiresAt, pdfPath: certificates.pdfPath })
    .from(certificates)
    .where(eq(certificates.id, certificateId));
  return certificate ?? null;
}

/** A certificate's stored PDF (its `pdfPath`) in the certificate folder `certificateDir`; null when the file is gone. */
export const certificatePdfOf = (certificateDir: string, pdfPath: string): Promise<Buffer | null> => readStoredCertificate(certificateDir, pdfPath);

/** The id of a certificate chosen by id (of its holder: another learner's is not found) or by its public slug; null when none. */
export async function certificateIdOf(db: DatabaseExecutor, certificate: { id: string; userId: string } | { slug: string }): Promise<string | null> {
  const condition = 'slug' in certificate ? eq(certificates.slug, certificate.slug) : and(eq(certificates.id, certificate.id), eq(certificates.userId, certificate.userId));
  const [row] = await db.select({ id: certificates.id }).from(certificates).where(condition);
  return row?.id ?? null;
}

/** Where a certificate's credential stands: revoked (when, in which category) or not. */
export interface CertificateRevocation {
  revokedAt: Date | null;
  revocationCategory: RevocationCategory | null;
}

/**
 * What credentials (above certificates) knows of a certificate and its answers need: whether an admin
 * revoked its credential (the same row the status list is built from, one truth for both). Certificates
 * declares what it asks and credentials provides it (`credentials/certificate-revocations.provider.ts`), so
 * certificates never reads credentials' table. A certificate absent from the map has no credential yet:
 * it stands as its dates say.
 */
export abstract class CertificateRevocations {
  abstract of(certificateIds: readonly string[]): Promise<Map<string, CertificateRevocation>>;
}

/**
 * The relayed CertificateIssued of the certificates that `served` (the caller's condition on its own table,
 * correlated to the certificate's id) does not hold yet, oldest certificate first. The credentials
 * reconciler asks this.
 */
export async function certificatesNotYet(db: DatabaseExecutor, served: (certificateId: SQL) => SQL, limit: number): Promise<StoredEvent[]> {
  const rows = await rowsOf<EventRow>(
    db,
    sql`select e.seq, e.id, e.stream_type, e.stream_id, e.version, e.type, e.data, e.meta, e.occurred_at
          from certificates c
          join events e on e.stream_type = ${CERTIFICATE_STREAM} and e.stream_id = c.id::text and e.type = 'CertificateIssued'
         where not (${served(sql`c.id`)})
           and e.relayed_at is not null
         order by c.issued_at
         limit ${limit}`,
  );
  return rows.map(toStoredEvent);
}

/** These certificates' numbers (slugs), by id. */
export async function certificateSlugsByIds(db: DatabaseExecutor, certificateIds: readonly string[]): Promise<Map<string, string>> {
  if (certificateIds.length === 0) return new Map();
  const rows = await db
    .select({ id: certificates.id, slug: certificates.slug })
    .from(certificates)
    .where(inArray(certificates.id, [...new Set(certificateIds)]));
  return new Map(rows.map((row) => [row.id, row.slug]));
}
