import { z } from 'zod';
import { certificationSlugParam } from './catalogue.js';
import { publicRevocationSchema } from './credentials.js';

/** One certificate as its holder sees it (spec §3 "certificates"); `certificateId` also accepts the slug in paths. */
export const certificateSchema = z
  .object({
    certificateId: z.string(),
    /** Short public code: /mypage/certificates/{slug} and the verification page. */
    slug: z.string(),
    courseSlug: z.string(),
    courseLabel: z.string(),
    program: z.enum(['OA', 'AD', 'Y_ADS']),
    level: z.enum(['BASIC', 'ADVANCED']),
    holderName: z.string(),
    issuedAt: z.string(),
    expiresAt: z.string(),
    /**
     * Spec §3 badge status display: a certificate past its expiry is shown as expired; one whose
     * credential an admin revoked is revoked (that outranks expiry).
     */
    status: z.enum(['available', 'expired', 'revoked']),
    /** When and why (by category) it was revoked; null while it is not. */
    revocation: publicRevocationSchema.nullable(),
    /**
     * The latest certificate of the same badge, issued by a renewal (更新受験) after this one; null while
     * this is the latest. Known as soon as that certificate exists. Superseded is not revoked.
     */
    supersededBy: z.object({ certificateSlug: z.string() }).nullable(),
    /** Top-level navigation to the PDF (login required, the holder only). */
    downloadUrl: z.string(),
    /** Printed on the PDF: anyone can check the certificate there. */
    verificationUrl: z.string(),
    /** The campus's LinkedIn company page (LINKEDIN_ORGANIZATION_ID): the add-to-profile link names it, with its logo. */
    linkedInOrganizationId: z.string().nullable(),
  })
  .meta({ id: 'Certificate' });

export const certificateListSchema = z.object({ items: z.array(certificateSchema) }).meta({ id: 'CertificateList' });

/** Narrows the list to one certification course (the result page looks for the certificate of a pass). */
export const certificateListQuerySchema = z
  .object({
    courseSlug: certificationSlugParam.optional(),
  })
  .meta({ id: 'CertificateListQuery' });

/** What the public verification page shows of a certificate: no e-mail, no account id. */
export const certificateVerificationSchema = certificateSchema
  .pick({ slug: true, courseSlug: true, courseLabel: true, level: true, holderName: true, issuedAt: true, expiresAt: true, status: true, revocation: true, supersededBy: true })
  .meta({ id: 'CertificateVerification' });

export const migrationResultSchema = z
  .object({ migratedCourseSlugs: z.array(z.string()) })
  .meta({ id: 'CloudCampusMigrationResult' });

export type Certificate = z.infer<typeof certificateSchema>;
export type CertificateList = z.infer<typeof certificateListSchema>;
export type CertificateListQuery = z.infer<typeof certificateListQuerySchema>;
export type CertificateVerification = z.infer<typeof certificateVerificationSchema>;
export type MigrationResult = z.infer<typeof migrationResultSchema>;
