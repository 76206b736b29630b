import { z } from 'zod';

/** Where a certificate's Open Badges credential is published: anyone may fetch it there. */
export const credentialLinkSchema = z
  .object({
    credentialId: z.string(),
    /** The stable public address: the VC-JWT by default, the credential JSON with `?format=json`. */
    credentialUrl: z.string(),
    /** The same address asking for the JSON (what the download button saves). */
    jsonUrl: z.string(),
    validFrom: z.string(),
    validUntil: z.string(),
    /** 取り消し (revoked by an admin) outranks 期限切れ (past validUntil). */
    status: z.enum(['active', 'expired', 'revoked']),
    revokedAt: z.string().nullable(),
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
    reason: z.string().trim().min(1, '理由を入力してください').max(500, '理由は500文字以内で入力してください'),
  })
  .meta({ id: 'CredentialRevocationRequest' });

export const credentialRevocationSchema = z
  .object({ credentialId: z.string(), revoked: z.boolean(), revokedAt: z.string().nullable(), reason: z.string().nullable() })
  .meta({ id: 'CredentialRevocation' });

export const credentialFormatQuerySchema = z.object({ format: z.enum(['json', 'jwt']).optional() });

/** The media types the credential is answered in (VC-JWT, and the JSON-LD credential it carries). */
export const VC_JWT_MEDIA_TYPE = 'application/vc+jwt';
export const VC_JSON_MEDIA_TYPE = 'application/vc+ld+json';

export type CredentialLink = z.infer<typeof credentialLinkSchema>;
export type CredentialRevocationRequest = z.infer<typeof credentialRevocationRequestSchema>;
export type CredentialRevocation = z.infer<typeof credentialRevocationSchema>;
