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
  })
  .meta({ id: 'CredentialLink' });

export const credentialFormatQuerySchema = z.object({ format: z.enum(['json', 'jwt']).optional() });

/** The media types the credential is answered in (VC-JWT, and the JSON-LD credential it carries). */
export const VC_JWT_MEDIA_TYPE = 'application/vc+jwt';
export const VC_JSON_MEDIA_TYPE = 'application/vc+ld+json';

export type CredentialLink = z.infer<typeof credentialLinkSchema>;
