import { z } from 'zod';

export const agreementAcceptedSchema = z
  .object({ termsVersion: z.string(), acceptedAt: z.iso.datetime() })
  .meta({ id: 'AgreementAcceptance' });

export type AgreementAcceptance = z.infer<typeof agreementAcceptedSchema>;
