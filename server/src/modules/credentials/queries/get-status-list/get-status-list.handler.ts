import { Inject } from '@nestjs/common';
import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { createHash } from 'node:crypto';
import { asc, isNotNull } from 'drizzle-orm';
import { APP_CONFIG } from '../../../../config/config.module.js';
import type { AppConfig } from '../../../../config/config.js';
import type { DatabaseConnection } from '../../../../database/connection.js';
import { DATABASE_CONNECTION } from '../../../../database/database.tokens.js';
import { openBadgeCredentials } from '../../credentials.schema.js';
import { CredentialSigningKey } from '../../signing/credential-signing-key.js';
import { signWithDataIntegrity } from '../../signing/data-integrity-proof.js';
import { signCredential } from '../../signing/vc-jwt.js';
import { statusListCredentialOf } from '../../status-list/bitstring-status-list.js';
import { GetStatusListQuery, type StatusListForms } from './get-status-list.query.js';

/** A list signed this long ago is signed afresh (it is valid for a day), so verifiers never hold one near its end. */
const RESIGN_AFTER_MS = 60 * 60_000;

/**
 * Read from the revoked rows at each request (a partial index holds only them), so a revocation is in the
 * next answer; signed again only when that set changed or the signed list grew old. Signing both forms
 * costs tens of milliseconds: verifiers polling an unchanged list get the same signed bytes and ETag.
 */
@QueryHandler(GetStatusListQuery)
export class GetStatusListHandler implements IQueryHandler<GetStatusListQuery> {
  private published?: { revoked: string; signedAt: number; forms: Promise<StatusListForms> };

  constructor(
    @Inject(DATABASE_CONNECTION) private readonly connection: DatabaseConnection,
    private readonly signingKey: CredentialSigningKey,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async execute(): Promise<StatusListForms> {
    const rows = await this.connection.db
      .select({ index: openBadgeCredentials.statusListIndex })
      .from(openBadgeCredentials)
      .where(isNotNull(openBadgeCredentials.revokedAt))
      .orderBy(asc(openBadgeCredentials.statusListIndex));
    const revoked = rows.map((row) => row.index).join(',');
    const now = Date.now();
    const current = this.published;
    if (current && current.revoked === revoked && now - current.signedAt < RESIGN_AFTER_MS) return current.forms;
    const forms = this.sign(rows.map((row) => row.index), new Date(now));
    this.published = { revoked, signedAt: now, forms };
    // A failed signing is not kept: the next request tries again.
    forms.catch(() => {
      if (this.published?.forms === forms) this.published = undefined;
    });
    return forms;
  }

  private async sign(revokedPositions: number[], now: Date): Promise<StatusListForms> {
    const key = await this.signingKey.issuerKey();
    const credential = statusListCredentialOf({ publicOrigin: this.config.publicOrigin, issuerDid: key.did, revokedPositions, now });
    const [jwt, dataIntegrity] = await Promise.all([signCredential(credential, key, now), signWithDataIntegrity(credential, key, now)]);
    const version = createHash('sha256').update(jwt).digest('base64url').slice(0, 22);
    return { jwt, dataIntegrity, version };
  }
}
