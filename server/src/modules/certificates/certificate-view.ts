import { and, eq, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { notFound } from '../../core/errors/app-error.js';
import { CERTIFICATION_COURSES, certificationLabelOf, type CertificationSlug } from '../../contracts/catalogue-slugs.js';
import type { Certificate } from '../../contracts/certificates.js';
import { downloadCertificatePdf } from '../../contracts/routes/certificates.js';
import type { Database } from '../../database/connection.js';
import { awardedCourse } from '../catalogue/reads.js';
import { certificates } from './certificates.schema.js';
import type { CertificateRevocation, CertificateRevocations } from './reads.js';
import { normaliseCertificateSlug } from './certificate-slug.js';
import { levelOf, verificationUrlOf } from './document/certificate-content.js';

/** The columns every certificate read needs. */
const certificateColumns = {
  id: certificates.id,
  slug: certificates.slug,
  userId: certificates.userId,
  holderName: certificates.holderName,
  issuedAt: certificates.issuedAt,
  expiresAt: certificates.expiresAt,
  pdfPath: certificates.pdfPath,
  courseId: certificates.courseId,
  // A renewal (更新受験) issues a newer certificate of the same badge: the latest one takes this one's
  // place as soon as it exists, not only once the worker has signed its credential (the credential's
  // own supersession follows the same line, see issue-credential-when-certificate-issued).
  supersededBySlug: sql<string | null>`(select "latest"."slug" from "certificates" "latest"
    where "latest"."user_id" = "certificates"."user_id" and "latest"."course_id" = "certificates"."course_id"
      and ("latest"."issued_at", "latest"."id") > ("certificates"."issued_at", "certificates"."id")
    order by "latest"."issued_at" desc, "latest"."id" desc limit 1)`,
};

/** Certificates with the renewal that superseded them (their course and their credential's revocation: `withCourseAndRevocation`). */
export function selectCertificates(db: Database) {
  return db.select(certificateColumns).from(certificates);
}

/**
 * The rows with their course, which catalogue answers (one read per course among them), and their
 * credential's revocation, which credentials answers (one query for all): a certificate whose credential is
 * not signed yet stands as its dates say. A certificate whose course is gone from the catalogue is left out
 * (its row went with the course before: the foreign key cascades).
 */
export async function withCourseAndRevocation<Row extends { id: string; courseId: string }>(
  db: Database,
  revocations: CertificateRevocations,
  rows: Row[],
): Promise<(Row & CertificateRevocation & { courseSlug: string; courseTitle: string; program: string })[]> {
  const revocationOf = await revocations.of(rows.map((row) => row.id));
  const courseOf = new Map<string, { slug: string; title: string; program: string } | null>();
  for (const courseId of new Set(rows.map((row) => row.courseId))) courseOf.set(courseId, await awardedCourse(db, courseId));
  return rows.flatMap((row) => {
    const course = courseOf.get(row.courseId);
    if (!course) return [];
    return [{ ...row, courseSlug: course.slug, courseTitle: course.title, program: course.program, ...(revocationOf.get(row.id) ?? { revokedAt: null, revocationCategory: null }) }];
  });
}

export type CertificateRow = CertificateRevocation & {
  id: string;
  slug: string;
  holderName: string;
  issuedAt: Date;
  expiresAt: Date;
  courseSlug: string;
  courseTitle: string;
  program: string;
  supersededBySlug: string | null;
};

/** 取り消し (an admin revoked its credential) outranks 期限切れ (past its expiry). */
export function certificateStatusAt(row: Pick<CertificateRow, 'revokedAt' | 'expiresAt'>, now: Date): Certificate['status'] {
  if (row.revokedAt) return 'revoked';
  return row.expiresAt.getTime() < now.getTime() ? 'expired' : 'available';
}

/** What a certificate's answer takes from the configuration. */
export interface CertificateSite {
  publicOrigin: string;
  linkedInOrganizationId: string | null;
}

export function toCertificate(row: CertificateRow, { publicOrigin, linkedInOrganizationId }: CertificateSite, now: Date): Certificate {
  const program = CERTIFICATION_COURSES[row.courseSlug as CertificationSlug]?.program ?? (row.program as Certificate['program']);
  return {
    certificateId: row.id,
    slug: row.slug,
    courseSlug: row.courseSlug,
    courseLabel: certificationLabelOf(row.courseSlug, row.courseTitle),
    program,
    level: levelOf(row.courseSlug),
    holderName: row.holderName,
    issuedAt: row.issuedAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
    status: certificateStatusAt(row, now),
    revocation: row.revokedAt ? { revokedAt: row.revokedAt.toISOString(), category: row.revocationCategory ?? 'other' } : null,
    supersededBy: row.supersededBySlug ? { certificateSlug: row.supersededBySlug } : null,
    downloadUrl: downloadCertificatePdf.path.replace(':certificateId', row.id),
    verificationUrl: verificationUrlOf(publicOrigin, row.slug),
    linkedInOrganizationId,
  };
}

const uuid = z.uuid();

/**
 * The condition selecting a certificate by id or slug; null for anything that is neither, which is
 * simply not found (never handed to the uuid column, where it would fail as a server error).
 */
function certificateKeyCondition(idOrSlug: string): SQL | null {
  if (uuid.safeParse(idOrSlug).success) return eq(certificates.id, idOrSlug.toLowerCase());
  const slug = normaliseCertificateSlug(idOrSlug);
  return slug ? eq(certificates.slug, slug) : null;
}

/** The learner's own certificate by id or slug; another learner's is as not found as a missing one. */
export async function findOwnCertificate(db: Database, revocations: CertificateRevocations, userId: string, idOrSlug: string) {
  const key = certificateKeyCondition(idOrSlug);
  const [row] = key ? await withCourseAndRevocation(db, revocations, await selectCertificates(db).where(and(key, eq(certificates.userId, userId)))) : [];
  if (!row) throw notFound('証明書');
  return row;
}

/** Whether the learner holds a certificate of this id or slug (the same rule as findOwnCertificate, without the read). */
export async function holdsCertificate(db: Database, userId: string, idOrSlug: string): Promise<boolean> {
  const key = certificateKeyCondition(idOrSlug);
  if (!key) return false;
  const rows = await db
    .select({ id: certificates.id })
    .from(certificates)
    .where(and(key, eq(certificates.userId, userId)))
    .limit(1);
  return rows.length > 0;
}
