import { z } from 'zod';
import { REVOCATION_CATEGORIES } from './revocation-categories.js';


/** A revocation as anyone may know it: when, and which kind of reason. */
export const publicRevocationSchema = z
  .object({ revokedAt: z.string(), category: z.enum(REVOCATION_CATEGORIES) })
  .meta({ id: 'PublicRevocation' });

/** Where a certificate's Open Badges credential is published: anyone may fetch it there. */
export const credentialLinkSchema = z
  .object({
    credentialId: z.string(),
    /** The stable public address: the VC-JWT by default, the credential JSON with `?format=json`. */
    credentialUrl: z.string(),
    /** The same address asking for the JSON (what the download button saves). */
    jsonUrl: z.string(),
    /** The course's badge image with this credential baked in (OB 3.0 baking). */
    badgeUrl: z.string(),
    validFrom: z.string(),
    validUntil: z.string(),
    /** 取り消し (revoked by an admin) outranks 期限切れ (past validUntil). */
    status: z.enum(['active', 'expired', 'revoked']),
    revokedAt: z.string().nullable(),
    revocation: publicRevocationSchema.nullable(),
    /**
     * The newer credential of the same badge (a renewal, 更新受験) that replaced this one, and the slug of
     * its certificate (its verification page); null while this is the latest. Superseded is not revoked.
     */
    supersededBy: z.object({ credentialId: z.string(), credentialUrl: z.string(), certificateSlug: z.string() }).nullable(),
  })
  .meta({ id: 'CredentialLink' });

/** An admin revokes a credential (its status-list bit is set) or restores it, saying why. */
export const credentialRevocationRequestSchema = z
  .strictObject({
    revoked: z.boolean({ error: 'revoked は true か false で指定してください' }),
    /** Required to revoke (verifiers are told it); ignored when restoring. */
    category: z.enum(REVOCATION_CATEGORIES, { error: 'category は misconduct / issued-in-error / holder-request / other のいずれかで指定してください' }).optional(),
    reason: z.string().trim().min(1, '理由を入力してください').max(500, '理由は500文字以内で入力してください'),
  })
  .refine((request) => !request.revoked || request.category !== undefined, { message: '取り消しの理由の区分を選んでください', path: ['category'] })
  .meta({ id: 'CredentialRevocationRequest' });

export const credentialRevocationSchema = z
  .object({ credentialId: z.string(), revoked: z.boolean(), revokedAt: z.string().nullable(), category: z.enum(REVOCATION_CATEGORIES).nullable(), reason: z.string().nullable() })
  .meta({ id: 'CredentialRevocation' });

/** The admin's search: a learner's e-mail or name, or a certificate number; one page at a time. */
export const adminCredentialSearchQuerySchema = z
  .object({
    q: z.string().trim().max(200, '検索語は200文字以内で入力してください').optional(),
    limit: z.coerce.number('limit は数値で指定してください').int('limit は整数で指定してください').min(1, 'limit は 1 以上で指定してください').max(100, 'limit は 100 以下で指定してください').default(20),
    offset: z.coerce.number('offset は数値で指定してください').int('offset は整数で指定してください').min(0, 'offset は 0 以上で指定してください').default(0),
  })
  .meta({ id: 'AdminCredentialSearchQuery' });

export const adminCredentialSchema = z
  .object({
    credentialId: z.string(),
    certificateSlug: z.string(),
    learnerName: z.string(),
    learnerEmail: z.string().nullable(),
    courseSlug: z.string(),
    courseLabel: z.string(),
    validFrom: z.string(),
    validUntil: z.string(),
    status: z.enum(['active', 'expired', 'revoked']),
    revokedAt: z.string().nullable(),
    revocationCategory: z.enum(REVOCATION_CATEGORIES).nullable(),
    /** The latest reason given (for revoking or restoring). */
    reason: z.string().nullable(),
    /** The credential JSON at its public URL (what the download saves). */
    jsonUrl: z.string(),
  })
  .meta({ id: 'AdminCredential' });

export const adminCredentialPageSchema = z
  .object({ items: z.array(adminCredentialSchema), total: z.number().int(), limit: z.number().int(), offset: z.number().int() })
  .meta({ id: 'AdminCredentialPage' });

export const credentialFormatQuerySchema = z.object({ format: z.enum(['json', 'jwt']).optional() });

/** The verifier (/certificates/verify) reads a credential or a badge image of at most this many bytes. */
export const CREDENTIAL_VERIFICATION_MAX_BYTES = 1024 * 1024;

/** Its request body may be larger than the API's 1 MB: an image travels as base64 (4 characters per 3 bytes). */
export const CREDENTIAL_VERIFICATION_BODY_LIMIT_BYTES = Math.ceil(CREDENTIAL_VERIFICATION_MAX_BYTES / 3) * 4 + 64 * 1024;

/**
 * What anyone hands the verifier: the text of a credential (a VC-JWT, or the credential JSON with its
 * proof) or a baked badge image (PNG, base64). One of the two, never both.
 */
export const credentialVerificationRequestSchema = z
  .strictObject({
    credential: z.string({ error: 'credential は文字列で指定してください' }).optional(),
    png: z
      .string({ error: 'png は base64 の文字列で指定してください' })
      .regex(/^[A-Za-z0-9+/=\s]*$/, 'png は base64 の文字列で指定してください')
      .optional(),
  })
  .refine((request) => (request.credential === undefined) !== (request.png === undefined), {
    message: '認定証の文字列（credential）かバッジ画像（png）のどちらか一方を指定してください',
    path: ['credential'],
  })
  .meta({ id: 'CredentialVerificationRequest' });

/**
 * The verifier's answer. A credential whose signature does not hold is an answer too (`signature:
 * 'invalid'` and the reasons, in Japanese), not an error: only input that is no credential is a 400.
 */
export const credentialVerificationSchema = z
  .object({
    signature: z.enum(['valid', 'invalid']),
    /** Why the signature does not hold, in Japanese; empty when it does. */
    reasons: z.array(z.string()),
    issuer: z.object({ id: z.string(), name: z.string().nullable(), url: z.string().nullable(), isThisCampus: z.boolean() }),
    /** The holder's name as the credential carries it; the campus's credentials carry none (a hashed address only). */
    subject: z.object({ name: z.string().nullable() }),
    achievementName: z.string().nullable(),
    validFrom: z.string().nullable(),
    validUntil: z.string().nullable(),
    /** Now: 取り消し outranks the dates; unknown when the signature fails or the issuer's status list could not be read. */
    status: z.enum(['valid', 'expired', 'revoked', 'unknown', 'not-yet-valid']),
    /** Why the status is unknown, in Japanese. */
    statusNote: z.string().nullable(),
    revokedAt: z.string().optional(),
    /** This campus's credentials only: the kind of reason, as its public verification page tells it. */
    revocationCategory: z.enum(REVOCATION_CATEGORIES).optional(),
    /** This campus's credentials only: replaced by a renewal (not revoked). */
    supersededAt: z.string().optional(),
    format: z.enum(['data-integrity', 'jwt']),
    /** The credential as read (the JWT's payload less its registered claims). */
    credential: z.record(z.string(), z.unknown()),
  })
  .meta({ id: 'CredentialVerification' });

/** The media types the credential is answered in (VC-JWT, and the JSON-LD credential it carries). */
export const VC_JWT_MEDIA_TYPE = 'application/vc+jwt';
export const VC_JSON_MEDIA_TYPE = 'application/vc+ld+json';

export type AdminCredentialSearchQuery = z.infer<typeof adminCredentialSearchQuerySchema>;
export type AdminCredential = z.infer<typeof adminCredentialSchema>;
export type AdminCredentialPage = z.infer<typeof adminCredentialPageSchema>;
export type CredentialLink = z.infer<typeof credentialLinkSchema>;
export type CredentialRevocationRequest = z.infer<typeof credentialRevocationRequestSchema>;
export type CredentialRevocation = z.infer<typeof credentialRevocationSchema>;
export type CredentialVerificationRequest = z.infer<typeof credentialVerificationRequestSchema>;
export type CredentialVerification = z.infer<typeof credentialVerificationSchema>;
