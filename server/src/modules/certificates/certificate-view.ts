import { and, eq, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { notFound } from '../../common/errors/app-error.js';
import { CERTIFICATION_COURSES, type CertificationSlug } from '../../contracts/catalogue-slugs.js';
import type { Certificate } from '../../contracts/certificates.js';
import { downloadCertificatePdf } from '../../contracts/routes/certificates.js';
import type { Database } from '../../database/connection.js';
import { courses } from '../catalogue/catalogue.schema.js';
import { certificates } from './certificates.schema.js';
import { normaliseCertificateSlug } from './certificate-slug.js';
import { courseLabelOf, levelOf, verificationUrlOf } from './document/certificate-content.js';

/** The columns every certificate read needs. */
export const certificateColumns = {
  id: certificates.id,
  slug: certificates.slug,
  userId: certificates.userId,
  holderName: certificates.holderName,
  issuedAt: certificates.issuedAt,
  expiresAt: certificates.expiresAt,
  pdfPath: certificates.pdfPath,
  courseSlug: courses.slug,
  courseTitle: courses.title,
  program: courses.program,
};

export type CertificateRow = { id: string; slug: string; holderName: string; issuedAt: Date; expiresAt: Date; courseSlug: string; courseTitle: string; program: string };

export function toCertificate(row: CertificateRow, publicOrigin: string, now: Date): Certificate {
  const program = CERTIFICATION_COURSES[row.courseSlug as CertificationSlug]?.program ?? (row.program as Certificate['program']);
  return {
    certificateId: row.id,
    slug: row.slug,
    courseSlug: row.courseSlug,
    courseLabel: courseLabelOf(row.courseSlug, row.courseTitle),
    program,
    level: levelOf(row.courseSlug),
    holderName: row.holderName,
    issuedAt: row.issuedAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
    status: row.expiresAt.getTime() < now.getTime() ? 'expired' : 'available',
    downloadUrl: downloadCertificatePdf.path.replace(':certificateId', row.id),
    verificationUrl: verificationUrlOf(publicOrigin, row.slug),
  };
}

const uuid = z.uuid();

/**
 * The condition selecting a certificate by id or slug. Anything that is neither is simply not found
 * (never handed to the uuid column, where it would fail as a server error).
 */
export function certificateKeyCondition(idOrSlug: string): SQL {
  if (uuid.safeParse(idOrSlug).success) return eq(certificates.id, idOrSlug.toLowerCase());
  const slug = normaliseCertificateSlug(idOrSlug);
  if (slug) return eq(certificates.slug, slug);
  throw notFound('証明書');
}

/** The learner's own certificate by id or slug; another learner's is as not found as a missing one. */
export async function findOwnCertificate(db: Database, userId: string, idOrSlug: string) {
  const [row] = await db
    .select(certificateColumns)
    .from(certificates)
    .innerJoin(courses, eq(courses.id, certificates.courseId))
    .where(and(certificateKeyCondition(idOrSlug), eq(certificates.userId, userId)));
  if (!row) throw notFound('証明書');
  return row;
}
