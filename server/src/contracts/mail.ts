import { z } from 'zod';
import { MAIL_KINDS, type MailKind } from './mail-kinds.js';

export const mailPreferencesSchema = z
  .strictObject(Object.fromEntries(MAIL_KINDS.map((kind) => [kind, z.boolean(`${kind} は true か false で指定してください`)])) as Record<MailKind, z.ZodBoolean>)
  .meta({ id: 'MailPreferences' });
export type MailPreferences = z.infer<typeof mailPreferencesSchema>;

/** The choices, and the profile address while it waits for its confirmation (nothing but that is mailed there until then). */
export const mailSettingsSchema = mailPreferencesSchema.extend({ pendingAddress: z.string().nullable() }).meta({ id: 'MailSettings' });
export type MailSettings = z.infer<typeof mailSettingsSchema>;

/** A mail link's `?token=` (unsubscribe, address confirmation). */
export const mailLinkQuerySchema = z.strictObject({
  token: z.string('token を指定してください').min(1, 'token を指定してください').max(512, 'token が長すぎます'),
});

export const unsubscribeResultSchema = z.object({ kind: z.enum(MAIL_KINDS), label: z.string() }).meta({ id: 'UnsubscribeResult' });
export type UnsubscribeResult = z.infer<typeof unsubscribeResultSchema>;

export const addressConfirmationResultSchema = z.object({ address: z.string() }).meta({ id: 'AddressConfirmationResult' });
export type AddressConfirmationResult = z.infer<typeof addressConfirmationResultSchema>;
