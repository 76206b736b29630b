import { Inject } from '@nestjs/common';
import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { eq } from 'drizzle-orm';
import { notFound } from '../../../../common/errors/app-error.js';
import type { DatabaseConnection } from '../../../../database/connection.js';
import { DATABASE_CONNECTION } from '../../../../database/database.tokens.js';
import { credentialIdOrNotFound } from '../../credential-link.js';
import { openBadgeCredentials } from '../../credentials.schema.js';
import { GetCredentialQuery } from './get-credential.query.js';

@QueryHandler(GetCredentialQuery)
export class GetCredentialHandler implements IQueryHandler<GetCredentialQuery> {
  constructor(@Inject(DATABASE_CONNECTION) private readonly connection: DatabaseConnection) {}

  async execute({ credentialId }: GetCredentialQuery): Promise<{ jwt: string }> {
    const [row] = await this.connection.db
      .select({ jwt: openBadgeCredentials.jwt })
      .from(openBadgeCredentials)
      .where(eq(openBadgeCredentials.id, credentialIdOrNotFound(credentialId)));
    if (!row) throw notFound('デジタル認定証');
    return row;
  }
}
