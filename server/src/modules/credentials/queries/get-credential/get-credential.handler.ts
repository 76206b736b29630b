import { Inject } from '@nestjs/common';
import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { eq } from 'drizzle-orm';
import { notFound } from '../../../../core/errors/app-error.js';
import type { DatabaseConnection } from '../../../../database/connection.js';
import { DATABASE_CONNECTION } from '../../../../database/database.tokens.js';
import { credentialIdOrNotFound } from '../../credential-link.js';
import { openBadgeCredentials } from '../../credentials.schema.js';
import { CredentialSigningKey } from '../../signing/credential-signing-key.js';
import { type SignedCredential, signWithDataIntegrity } from '../../signing/data-integrity-proof.js';
import { credentialOfJwt } from '../../signing/vc-jwt.js';
import { type CredentialForms, GetCredentialQuery } from './get-credential.query.js';

@QueryHandler(GetCredentialQuery)
export class GetCredentialHandler implements IQueryHandler<GetCredentialQuery> {
  constructor(
    @Inject(DATABASE_CONNECTION) private readonly connection: DatabaseConnection,
    private readonly signingKey: CredentialSigningKey,
  ) {}

  async execute({ credentialId }: GetCredentialQuery): Promise<CredentialForms> {
    const [row] = await this.connection.db
      .select({ jwt: openBadgeCredentials.jwt, dataIntegrity: openBadgeCredentials.dataIntegrity, issuedAt: openBadgeCredentials.issuedAt })
      .from(openBadgeCredentials)
      .where(eq(openBadgeCredentials.id, credentialIdOrNotFound(credentialId)));
    if (!row) throw notFound('デジタル認定証');
    // Issued before Data Integrity proofs: the same credential, proven as of its issue (deterministic, so every answer is alike).
    const dataIntegrity = (row.dataIntegrity as SignedCredential | null) ?? (await signWithDataIntegrity(credentialOfJwt(row.jwt), await this.signingKey.issuerKey(), row.issuedAt));
    return { jwt: row.jwt, dataIntegrity };
  }
}
