import { Inject } from '@nestjs/common';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { eq } from 'drizzle-orm';
import { notFound } from '../../../../core/errors/app-error.js';
import type { CredentialRevocation } from '../../../../contracts/credentials.js';
import type { RevocationCategory } from '../../../../contracts/revocation-categories.js';
import type { DatabaseConnection } from '../../../../database/connection.js';
import { DATABASE_CONNECTION } from '../../../../database/database.tokens.js';
import { EventStore } from '../../../../database/event-store.js';
import { certificateForCredential } from '../../../certificates/reads.js';
import { credentialIdOrNotFound } from '../../credential-link.js';
import { openBadgeCredentials } from '../../credentials.schema.js';
import { CREDENTIAL_STREAM, OpenBadgeCredentialRestored, OpenBadgeCredentialRevoked } from '../../events.js';
import { SetCredentialRevocationCommand } from './set-credential-revocation.command.js';

const viewOf = (row: { id: string; revokedAt: Date | null; revocationCategory: RevocationCategory | null; revocationReason: string | null }): CredentialRevocation => ({
  credentialId: row.id,
  revoked: row.revokedAt !== null,
  revokedAt: row.revokedAt?.toISOString() ?? null,
  category: row.revocationCategory,
  reason: row.revocationReason,
});

/**
 * Sets or clears a credential's revocation with the row locked; asking for the state it is already in
 * appends nothing and answers that state, so a double click or a retried request changes nothing twice.
 */
@CommandHandler(SetCredentialRevocationCommand)
export class SetCredentialRevocationHandler implements ICommandHandler<SetCredentialRevocationCommand> {
  constructor(
    @Inject(DATABASE_CONNECTION) private readonly connection: DatabaseConnection,
    private readonly eventStore: EventStore,
  ) {}

  async execute({ credentialId: input, request, meta }: SetCredentialRevocationCommand): Promise<CredentialRevocation> {
    const credentialId = credentialIdOrNotFound(input);
    return this.eventStore.commit(meta, async ({ tx, append }) => {
      const [row] = await tx
        .select({
          id: openBadgeCredentials.id,
          revokedAt: openBadgeCredentials.revokedAt,
          revocationReason: openBadgeCredentials.revocationReason,
          revocationCategory: openBadgeCredentials.revocationCategory,
          streamVersion: openBadgeCredentials.streamVersion,
          certificateId: openBadgeCredentials.certificateId,
          userId: openBadgeCredentials.userId,
          courseId: openBadgeCredentials.courseId,
        })
        .from(openBadgeCredentials)
        .where(eq(openBadgeCredentials.id, credentialId))
        .for('update');
      // The notice names the certificate by its number (certificates publishes it).
      const certificate = row ? await certificateForCredential(tx, row.certificateId) : null;
      if (!row || !certificate) throw notFound('デジタル認定証');
      if ((row.revokedAt !== null) === request.revoked) return viewOf(row);

      const now = new Date();
      const change = { credentialId, certificateId: row.certificateId, certificateSlug: certificate.slug, userId: row.userId, courseId: row.courseId, reason: request.reason };
      await append({ streamType: CREDENTIAL_STREAM, streamId: credentialId, expectedVersion: row.streamVersion }, [
        request.revoked ? new OpenBadgeCredentialRevoked({ ...change, category: request.category ?? 'other', revokedAt: now.toISOString() }) : new OpenBadgeCredentialRestored({ ...change, restoredAt: now.toISOString() }),
      ]);
      const revokedAt = request.revoked ? now : null;
      const revocationCategory = request.revoked ? (request.category ?? 'other') : null;
      await tx
        .update(openBadgeCredentials)
        .set({ revokedAt, revocationCategory, revocationReason: request.reason, streamVersion: row.streamVersion + 1 })
        .where(eq(openBadgeCredentials.id, credentialId));
      return viewOf({ id: credentialId, revokedAt, revocationCategory, revocationReason: request.reason });
    });
  }
}
