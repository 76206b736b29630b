import { Inject } from '@nestjs/common';
import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { eq } from 'drizzle-orm';
import { notFound } from '../../../../core/errors/app-error.js';
import { APP_CONFIG } from '../../../../config/config.module.js';
import type { AppConfig } from '../../../../config/config.js';
import type { CertificateVerification } from '../../../../contracts/certificates.js';
import type { DatabaseConnection } from '../../../../database/connection.js';
import { DATABASE_CONNECTION } from '../../../../database/database.tokens.js';
import { certificates } from '../../certificates.schema.js';
import { normaliseCertificateSlug } from '../../certificate-slug.js';
import { selectCertificates, toCertificate, withCourseAndRevocation } from '../../certificate-view.js';
import { CertificateRevocations } from '../../reads.js';
import { VerifyCertificateQuery } from './verify-certificate.query.js';

@QueryHandler(VerifyCertificateQuery)
export class VerifyCertificateHandler implements IQueryHandler<VerifyCertificateQuery> {
  constructor(
    @Inject(DATABASE_CONNECTION) private readonly connection: DatabaseConnection,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly revocations: CertificateRevocations,
  ) {}

  async execute({ slug: input }: VerifyCertificateQuery): Promise<CertificateVerification> {
    // Only slugs are public: a certificate id does not open the verification page.
    const slug = normaliseCertificateSlug(input);
    if (!slug) throw notFound('証明書');
    const [row] = await withCourseAndRevocation(this.connection.db, this.revocations, await selectCertificates(this.connection.db).where(eq(certificates.slug, slug)));
    if (!row) throw notFound('証明書');
    // The whole verdict in this one answer: the page never needs a second request to know it.
    const { courseSlug, courseLabel, level, holderName, issuedAt, expiresAt, status, revocation, supersededBy } = toCertificate(row, this.config, new Date());
    return { slug: row.slug, courseSlug, courseLabel, level, holderName, issuedAt, expiresAt, status, revocation, supersededBy };
  }
}
