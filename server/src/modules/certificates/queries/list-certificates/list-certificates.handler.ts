import { Inject } from '@nestjs/common';
import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { and, desc, eq } from 'drizzle-orm';
import { APP_CONFIG } from '../../../../config/config.module.js';
import type { AppConfig } from '../../../../config/config.js';
import type { CertificateList } from '../../../../contracts/certificates.js';
import type { DatabaseConnection } from '../../../../database/connection.js';
import { DATABASE_CONNECTION } from '../../../../database/database.tokens.js';
import { certificationCourseIdOfFilter } from '../../../catalogue/reads.js';
import { certificates } from '../../certificates.schema.js';
import { selectCertificates, toCertificate, withCourseAndRevocation } from '../../certificate-view.js';
import { CertificateRevocations } from '../../reads.js';
import { ListCertificatesQuery } from './list-certificates.query.js';

@QueryHandler(ListCertificatesQuery)
export class ListCertificatesHandler implements IQueryHandler<ListCertificatesQuery> {
  constructor(
    @Inject(DATABASE_CONNECTION) private readonly connection: DatabaseConnection,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly revocations: CertificateRevocations,
  ) {}

  async execute({ userId, courseSlug }: ListCertificatesQuery): Promise<CertificateList> {
    const { db } = this.connection;
    const courseId = courseSlug ? await certificationCourseIdOfFilter(db, courseSlug) : undefined;
    const rows = await withCourseAndRevocation(
      db,
      this.revocations,
      await selectCertificates(db)
        .where(and(eq(certificates.userId, userId), courseId ? eq(certificates.courseId, courseId) : undefined))
        .orderBy(desc(certificates.issuedAt), desc(certificates.id)),
    );
    const now = new Date();
    return { items: rows.map((row) => toCertificate(row, this.config, now)) };
  }
}
