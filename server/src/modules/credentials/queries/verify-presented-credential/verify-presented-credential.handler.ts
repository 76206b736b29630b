import { Inject, Logger } from '@nestjs/common';
import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { APP_CONFIG } from '../../../../config/config.module.js';
import type { AppConfig } from '../../../../config/config.js';
import type { CredentialVerification } from '../../../../contracts/credentials.js';
import type { DatabaseConnection } from '../../../../database/connection.js';
import { DATABASE_CONNECTION } from '../../../../database/database.tokens.js';
import { openBadgeCredentials } from '../../credentials.schema.js';
import { credentialUrlOf } from '../../open-badge-credential.js';
import { CredentialSigningKey } from '../../signing/credential-signing-key.js';
import type { DidDocument } from '../../signing/json-ld-document-loader.js';
import { type CredentialFacts, datesStatusOf, factsOf } from './credential-facts.js';
import { checkSignature, type SignatureCheck } from './credential-signature.js';
import { foreignRevocationOf } from './foreign-credential-status.js';
import { issuerDidResolver, type ResolveIssuerDid } from './issuer-did-resolver.js';
import { type JsonObject, readPresentedCredential } from './presented-credential.js';
import { PublicHttpsFetcher } from './public-https-fetcher.js';
import { VerifyPresentedCredentialQuery } from './verify-presented-credential.query.js';

type Status = Pick<CredentialVerification, 'status' | 'statusNote' | 'revokedAt' | 'revocationCategory' | 'supersededAt'>;

const uuid = z.uuid();

/**
 * The public verifier. The campus's own credentials are checked without any network: the key from the
 * signing key, contexts from packages, revocation from open_badge_credentials. Another issuer's are
 * checked with its did:key, or its did:web document and status list fetched within PublicHttpsFetcher's
 * limits. A signature that does not hold is an answer (`invalid`, with reasons); only input that is no
 * credential is refused, and no library failure becomes a 500.
 */
@QueryHandler(VerifyPresentedCredentialQuery)
export class VerifyPresentedCredentialHandler implements IQueryHandler<VerifyPresentedCredentialQuery> {
  private readonly logger = new Logger(VerifyPresentedCredentialHandler.name);

  constructor(
    @Inject(DATABASE_CONNECTION) private readonly connection: DatabaseConnection,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly signingKey: CredentialSigningKey,
    private readonly fetcher: PublicHttpsFetcher,
  ) {}

  async execute({ input }: VerifyPresentedCredentialQuery): Promise<CredentialVerification> {
    const presented = readPresentedCredential(input);
    const now = new Date();
    const key = await this.signingKey.issuerKey();
    const resolveDid = issuerDidResolver({ did: key.did, document: key.didDocument as DidDocument }, this.fetcher);
    const facts = factsOf(presented);
    const isThisCampus = facts.issuer.id === key.did;
    const signature = await this.guarded(() => checkSignature(presented, resolveDid, now), { valid: false, reasons: ['署名を確認できませんでした'] } satisfies SignatureCheck);
    const status: Status = !signature.valid
      ? { status: 'unknown', statusNote: '署名を確認できないため、状態は判断できません' }
      : isThisCampus
        ? await this.campusStatusOf(presented.credential, facts, now)
        : await this.guarded(() => this.foreignStatusOf(presented.credential, facts, resolveDid, now), { status: 'unknown', statusNote: '取り消し状況を確認できませんでした' } satisfies Status);
    return {
      signature: signature.valid ? 'valid' : 'invalid',
      reasons: signature.reasons,
      issuer: { ...facts.issuer, isThisCampus },
      subject: { name: facts.subjectName },
      achievementName: facts.achievementName,
      validFrom: facts.validFrom,
      validUntil: facts.validUntil,
      ...status,
      format: presented.format,
      credential: presented.credential,
    };
  }

  /** A library throwing on odd input is the credential's failure, not the server's: logged, answered. */
  private async guarded<T>(work: () => Promise<T>, fallback: T): Promise<T> {
    try {
      return await work();
    } catch (error) {
      this.logger.warn({ err: error }, 'credential verification failed unexpectedly');
      return fallback;
    }
  }

  /** Ours: the row of the credential its id names, read here (no status list fetched). */
  private async campusStatusOf(credential: JsonObject, facts: CredentialFacts, now: Date): Promise<Status> {
    const prefix = credentialUrlOf(this.config.publicOrigin, '');
    const id = typeof credential.id === 'string' && credential.id.startsWith(prefix) ? credential.id.slice(prefix.length) : '';
    const [row] = uuid.safeParse(id).success
      ? await this.connection.db
          .select({ revokedAt: openBadgeCredentials.revokedAt, revocationCategory: openBadgeCredentials.revocationCategory, supersededAt: openBadgeCredentials.supersededAt })
          .from(openBadgeCredentials)
          .where(eq(openBadgeCredentials.id, id.toLowerCase()))
      : [];
    if (!row) return { status: 'unknown', statusNote: 'このキャンパスの発行記録に、この認定証がありません' };
    const superseded = row.supersededAt ? { supersededAt: row.supersededAt.toISOString() } : {};
    if (row.revokedAt) {
      return { status: 'revoked', statusNote: null, revokedAt: row.revokedAt.toISOString(), revocationCategory: row.revocationCategory ?? 'other', ...superseded };
    }
    return { status: datesStatusOf(facts, now), statusNote: null, ...superseded };
  }

  private async foreignStatusOf(credential: JsonObject, facts: CredentialFacts, resolveDid: ResolveIssuerDid, now: Date): Promise<Status> {
    const revocation = await foreignRevocationOf(credential, { fetcher: this.fetcher, resolveDid }, now);
    if (revocation.state === 'revoked') return { status: 'revoked', statusNote: null };
    const dates = datesStatusOf(facts, now);
    // The dates are certain even when the list could not be read.
    if (revocation.state === 'unknown' && dates === 'valid') return { status: 'unknown', statusNote: revocation.note };
    return { status: dates, statusNote: revocation.state === 'unknown' ? revocation.note : null };
  }
}
