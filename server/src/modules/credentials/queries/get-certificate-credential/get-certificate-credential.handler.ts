import { Inject } from '@nestjs/common';
import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { z } from 'zod';
import { notFound } from '../../../../core/errors/app-error.js';
import { APP_CONFIG } from '../../../../config/config.module.js';
import type { AppConfig } from '../../../../config/config.js';
import type { CredentialLink } from '../../../../contracts/credentials.js';
import type { DatabaseConnection } from '../../../../database/connection.js';
import { DATABASE_CONNECTION } from '../../../../database/database.tokens.js';
import { findCredentialLink } from '../../credential-link.js';
import { GetCertificateCredentialQuery } from './get-certificate-credential.query.js';

const uuid = z.uuid();
// The printed slug's alphabet (Crockford base32, any case, hyphens allowed); the column compares exactly.
const SLUG = /^[0-9A-Za-z-]{10,13}$/;

@QueryHandler(GetCertificateCredentialQuery)
export class GetCertificateCredentialHandler implements IQueryHandler<GetCertificateCredentialQuery> {
  constructor(
    @Inject(DATABASE_CONNECTION) private readonly connection: DatabaseConnection,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async execute({ certificate }: GetCertificateCredentialQuery): Promise<CredentialLink> {
    if ('slug' in certificate ? !SLUG.test(certificate.slug) : !uuid.safeParse(certificate.id).success) throw notFound('デジタル認定証');
    const key = 'slug' in certificate ? { slug: certificate.slug.toUpperCase().replace(/-/g, '') } : { ...certificate, id: certificate.id.toLowerCase() };
    return findCredentialLink(this.connection.db, this.config.publicOrigin, key, new Date());
  }
}
