import { Inject } from '@nestjs/common';
import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { APP_CONFIG } from '../../../../config/config.module.js';
import type { AppConfig } from '../../../../config/config.js';
import type { Certificate } from '../../../../contracts/certificates.js';
import type { DatabaseConnection } from '../../../../database/connection.js';
import { DATABASE_CONNECTION } from '../../../../database/database.tokens.js';
import { findOwnCertificate, toCertificate } from '../../certificate-view.js';
import { CertificateRevocations } from '../../reads.js';
import { GetCertificateQuery } from './get-certificate.query.js';

@QueryHandler(GetCertificateQuery)
export class GetCertificateHandler implements IQueryHandler<GetCertificateQuery> {
  constructor(
    @Inject(DATABASE_CONNECTION) private readonly connection: DatabaseConnection,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly revocations: CertificateRevocations,
  ) {}

  async execute({ userId, certificateId }: GetCertificateQuery): Promise<Certificate> {
    const row = await findOwnCertificate(this.connection.db, this.revocations, userId, certificateId);
    return toCertificate(row, this.config, new Date());
  }
}
