import { sql } from 'drizzle-orm';
import { agreementAcceptances } from '../../modules/agreements/agreements.schema.js';
import { users } from '../../modules/identity/identity.schema.js';

/**
 * Whether the user has accepted this version of the terms (TERMS_VERSION), as a column of a query
 * over `users`. "Accepted" always means "accepted the current version": a new version asks every
 * learner again on their next request, while `users.has_accepted_agreements` only remembers that
 * they once did. A primary-key lookup, cheap enough for every session resolve.
 */
export const acceptedCurrentTerms = (termsVersion: string) =>
  sql<boolean>`exists (select 1 from ${agreementAcceptances} where ${agreementAcceptances.userId} = ${users.id} and ${agreementAcceptances.termsVersion} = ${termsVersion})`.mapWith(
    Boolean,
  );
