import { Query } from '@nestjs/cqrs';

export interface CertificatePdf {
  /** The download's name, e.g. 認定証_LINE広告_Basic_7QK2M9XD4T.pdf */
  filename: string;
  content: Buffer;
}

/** The stored PDF of one of the learner's certificates (404 for anyone else's). */
export class GetCertificatePdfQuery extends Query<CertificatePdf> {
  constructor(
    readonly userId: string,
    readonly certificateId: string,
  ) {
    super();
  }
}
