import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG } from '../../../config/config.module.js';
import type { AppConfig } from '../../../config/config.js';
import { certificationLabelOf } from '../../../contracts/catalogue-slugs.js';
import { linkedInAddToProfileUrl } from '../../../contracts/linkedin-add-to-profile.js';
import type { DatabaseConnection } from '../../../database/connection.js';
import { DATABASE_CONNECTION } from '../../../database/database.tokens.js';
import type { StoredEvent } from '../../../database/event-store.js';
import { HandlesJob, JobHandler } from '../../../jobs/job-handler.decorator.js';
import type { CertificateIssued } from '../../certificates/events.js';
import { certificateForMail, certificatePdfOf } from '../../certificates/reads.js';
import { MailDeliveries } from '../mail-deliveries.js';
import { certificateIssuedMail } from '../texts/mail-texts.js';

/** 認定証の発行: the course, the dates, the certificate, verification and LinkedIn links, and the PDF attached. */
@Injectable()
@JobHandler('mail-learner-when-certificate-issued')
export class MailLearnerWhenCertificateIssuedHandler implements HandlesJob<StoredEvent> {
  constructor(
    @Inject(DATABASE_CONNECTION) private readonly connection: DatabaseConnection,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly deliveries: MailDeliveries,
  ) {}

  async handle(event: StoredEvent): Promise<void> {
    const issued = event.data as CertificateIssued['data'];
    const { publicOrigin, siteName, certificateDir, linkedInOrganizationId } = this.config;
    await this.deliveries.deliver({
      kind: 'certificate',
      userId: issued.userId,
      event,
      compose: async () => {
        const certificate = await certificateForMail(this.connection.db, issued.certificateId);
        const pdf = certificate && (await certificatePdfOf(certificateDir, certificate.pdfPath));
        if (!certificate || !pdf) return null;
        const courseLabel = certificationLabelOf(issued.courseSlug, issued.courseTitle ?? issued.courseSlug);
        const verificationUrl = `${publicOrigin}/certificates/verify/${certificate.slug}`;
        const text = certificateIssuedMail({
          siteName,
          holderName: certificate.holderName,
          courseLabel,
          certificateSlug: certificate.slug,
          issuedAt: certificate.issuedAt,
          expiresAt: certificate.expiresAt,
          certificateUrl: `${publicOrigin}/mypage/certificates/${certificate.slug}`,
          verificationUrl,
          linkedInUrl: linkedInAddToProfileUrl({
            name: `${courseLabel} 認定バッジ`,
            organizationName: siteName,
            issuedAt: certificate.issuedAt.toISOString(),
            expiresAt: certificate.expiresAt.toISOString(),
            certId: certificate.slug,
            certUrl: verificationUrl,
            organizationId: linkedInOrganizationId,
          }),
        });
        return { text, attachments: [{ filename: `認定証_${certificate.slug}.pdf`, content: pdf, contentType: 'application/pdf' }] };
      },
    });
  }
}
