import { Controller, Header, Param, Query, Res } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import type { FastifyReply } from 'fastify';
import { CurrentUser } from '../../common/auth/current-user.decorator.js';
import type { SessionUser } from '../../common/auth/session-lookup.js';
import { Endpoint } from '../../common/http/endpoint.decorator.js';
import type { CertificateListQuery } from '../../contracts/certificates.js';
import { downloadCertificatePdf, getCertificate, listCertificates, verifyCertificate } from '../../contracts/routes/certificates.js';
import { attachmentDisposition } from './content-disposition.js';
import { GetCertificatePdfQuery } from './queries/get-certificate-pdf/get-certificate-pdf.query.js';
import { GetCertificateQuery } from './queries/get-certificate/get-certificate.query.js';
import { ListCertificatesQuery } from './queries/list-certificates/list-certificates.query.js';
import { VerifyCertificateQuery } from './queries/verify-certificate/verify-certificate.query.js';

/** The learner's certificates and their PDFs: login and accepted agreements, the holder only. */
@Controller()
export class CertificatesController {
  constructor(private readonly queryBus: QueryBus) {}

  @Endpoint(listCertificates)
  list(@Query() query: CertificateListQuery, @CurrentUser() user: SessionUser) {
    return this.queryBus.execute(new ListCertificatesQuery(user.id, query.courseSlug));
  }

  @Endpoint(getCertificate)
  one(@Param('certificateId') certificateId: string, @CurrentUser() user: SessionUser) {
    return this.queryBus.execute(new GetCertificateQuery(user.id, certificateId));
  }

  /** A top-level navigation (a download link), so a plain GET without the XHR header. */
  @Endpoint(downloadCertificatePdf)
  async pdf(@Param('certificateId') certificateId: string, @CurrentUser() user: SessionUser, @Res() reply: FastifyReply) {
    const { filename, content } = await this.queryBus.execute(new GetCertificatePdfQuery(user.id, certificateId));
    return reply
      .type('application/pdf')
      .header('content-disposition', attachmentDisposition(filename, 'certificate.pdf'))
      // A personal document: no shared cache may keep it.
      .header('cache-control', 'private, no-store')
      .send(content);
  }
}

/** Anyone shown a certificate may check it by the slug printed on it: no login. */
@Controller()
export class CertificateVerificationsController {
  constructor(private readonly queryBus: QueryBus) {}

  @Endpoint(verifyCertificate)
  @Header('cache-control', 'no-cache')
  verify(@Param('slug') slug: string) {
    return this.queryBus.execute(new VerifyCertificateQuery(slug));
  }
}
