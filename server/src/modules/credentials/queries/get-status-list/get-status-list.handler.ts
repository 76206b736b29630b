import { Inject } from '@nestjs/common';
import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { isNotNull } from 'drizzle-orm';
import { APP_CONFIG } from '../../../../config/config.module.js';
import type { AppConfig } from '../../../../config/config.js';
import type { DatabaseConnection } from '../../../../database/connection.js';
import { DATABASE_CONNECTION } from '../../../../database/database.tokens.js';
import { openBadgeCredentials } from '../../credentials.schema.js';
import { CredentialSigningKey } from '../../signing/credential-signing-key.js';
import { signCredential } from '../../signing/vc-jwt.js';
import { statusListCredentialOf } from '../../status-list/bitstring-status-list.js';
import { GetStatusListQuery } from './get-status-list.query.js';

/**
 * Built and signed at each request from the revoked rows (a partial index holds only them): a
 * revocation is visible at the next fetch, and nothing has to be kept in step with the table.
 */
@QueryHandler(GetStatusListQuery)
export class GetStatusListHandler implements IQueryHandler<GetStatusListQuery> {
  constructor(
    @Inject(DATABASE_CONNECTION) private readonly connection: DatabaseConnection,
    private readonly signingKey: CredentialSigningKey,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async execute(): Promise<{ jwt: string }> {
    const revoked = await this.connection.db.select({ index: openBadgeCredentials.statusListIndex }).from(openBadgeCredentials).where(isNotNull(openBadgeCredentials.revokedAt));
    const key = await this.signingKey.issuerKey();
    const now = new Date();
    const credential = statusListCredentialOf({ publicOrigin: this.config.publicOrigin, issuerDid: key.did, revokedPositions: revoked.map((row) => row.index), now });
    return { jwt: await signCredential(credential, key, now) };
  }
}
