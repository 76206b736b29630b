import { certificationLabelOf } from '../../../../contracts/catalogue-slugs.js';
import { Inject, Logger } from '@nestjs/common';
import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { AppError, notFound } from '../../../../core/errors/app-error.js';
import type { DatabaseConnection } from '../../../../database/connection.js';
import { DATABASE_CONNECTION } from '../../../../database/database.tokens.js';
import { CertificateStorage } from '../../certificate-storage.js';
import { findOwnCertificate } from '../../certificate-view.js';
import { CertificateRevocations } from '../../reads.js';
import { type CertificatePdf, GetCertificatePdfQuery } from './get-certificate-pdf.query.js';

/** Characters a file name cannot carry on common systems, and runs of spaces. */
const UNSAFE_IN_FILENAME = /[\\/:*?"<>|\s]+/g;

@QueryHandler(GetCertificatePdfQuery)
export class GetCertificatePdfHandler implements IQueryHandler<GetCertificatePdfQuery> {
  private readonly logger = new Logger(GetCertificatePdfHandler.name);

  constructor(
    @Inject(DATABASE_CONNECTION) private readonly connection: DatabaseConnection,
    private readonly storage: CertificateStorage,
    private readonly revocations: CertificateRevocations,
  ) {}

  async execute({ userId, certificateId }: GetCertificatePdfQuery): Promise<CertificatePdf> {
    const row = await findOwnCertificate(this.connection.db, this.revocations, userId, certificateId);
    // A revoked certificate's paper would still look valid to whoever is shown it: it is not handed out any more.
    if (row.revokedAt) throw new AppError('CERTIFICATE_REVOKED', 'この認定証は取り消されているため、PDFをダウンロードできません。');
    const content = await this.storage.read(row.pdfPath);
    if (!content) {
      // The row is committed only after its file is stored, so this means the storage lost it.
      this.logger.error({ certificateId: row.id, pdfPath: row.pdfPath }, 'certificate PDF missing from the certificate folder');
      throw notFound('証明書の PDF');
    }
    const label = certificationLabelOf(row.courseSlug, row.courseTitle).replace(UNSAFE_IN_FILENAME, '_');
    return { filename: `認定証_${label}_${row.slug}.pdf`, content };
  }
}
