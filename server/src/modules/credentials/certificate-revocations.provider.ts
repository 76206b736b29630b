import { Inject, Injectable } from '@nestjs/common';
import { inArray } from 'drizzle-orm';
import type { DatabaseConnection } from '../../database/connection.js';
import { DATABASE_CONNECTION } from '../../database/database.tokens.js';
import { type CertificateRevocation, CertificateRevocations } from '../certificates/reads.js';
import { openBadgeCredentials } from './credentials.schema.js';

/** Certificates' answers read their credential's revocation here: one query for any number of certificates. */
@Injectable()
export class CredentialRevocationsOfCertificates extends CertificateRevocations {
  constructor(@Inject(DATABASE_CONNECTION) private readonly connection: DatabaseConnection) {
    super();
  }

  async of(certificateIds: readonly string[]): Promise<Map<string, CertificateRevocation>> {
    if (certificateIds.length === 0) return new Map();
    const rows = await this.connection.db
      .select({ certificateId: openBadgeCredentials.certificateId, revokedAt: openBadgeCredentials.revokedAt, revocationCategory: openBadgeCredentials.revocationCategory })
      .from(openBadgeCredentials)
      .where(inArray(openBadgeCredentials.certificateId, [...certificateIds]));
    return new Map(rows.map(({ certificateId, ...revocation }) => [certificateId, revocation]));
  }
}
