import { Module } from '@nestjs/common';
import { CertificateVerificationPages } from './certificate-verification-pages.js';
import { CertificateStorage } from './certificate-storage.js';
import { CertificatesController, CertificateVerificationsController } from './certificates.controller.js';
import { OwnCertificatePages } from './own-certificate-pages.js';
import { GetCertificatePdfHandler } from './queries/get-certificate-pdf/get-certificate-pdf.handler.js';
import { GetCertificateHandler } from './queries/get-certificate/get-certificate.handler.js';
import { ListCertificatesHandler } from './queries/list-certificates/list-certificates.handler.js';
import { VerifyCertificateHandler } from './queries/verify-certificate/verify-certificate.handler.js';
import { IssueCertificateWhenBadgeAwardedHandler } from './reactions/issue-certificate-when-badge-awarded.handler.js';
import { OutstandingCertificatesFinder } from './reconciliation/outstanding-certificates.finder.js';

@Module({
  controllers: [CertificatesController, CertificateVerificationsController],
  providers: [
    CertificateStorage,
    CertificateVerificationPages,
    OwnCertificatePages,
    ListCertificatesHandler,
    GetCertificateHandler,
    GetCertificatePdfHandler,
    VerifyCertificateHandler,
    IssueCertificateWhenBadgeAwardedHandler,
    OutstandingCertificatesFinder,
  ],
  exports: [CertificateVerificationPages, OwnCertificatePages],
})
export class CertificatesModule {}
