import { z } from 'zod';

export const agreementAcceptedSchema = z
  .object({ termsVersion: z.string(), acceptedAt: z.iso.datetime() })
  .meta({ id: 'AgreementAcceptance' });

export type AgreementAcceptance = z.infer<typeof agreementAcceptedSchema>;

/** The two texts a learner accepts, each with its own page (/terms, /privacy). */
export const AGREEMENT_DOCUMENTS = ['terms', 'privacy'] as const;
export type AgreementDocumentKind = (typeof AGREEMENT_DOCUMENTS)[number];

export const agreementDocumentSchema = z
  .object({
    kind: z.enum(AGREEMENT_DOCUMENTS),
    version: z.string().describe('TERMS_VERSION: the version a learner accepts; a new one asks every learner again.'),
    title: z.string(),
    bodyHtml: z.string().describe('The text rendered to HTML by the server (raw HTML in the source is escaped).'),
  })
  .meta({ id: 'AgreementDocument' });

export type AgreementDocument = z.infer<typeof agreementDocumentSchema>;
