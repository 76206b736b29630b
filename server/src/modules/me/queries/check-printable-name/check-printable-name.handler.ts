import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { isPrintableOnCertificate } from '../../../../common/fonts/certificate-font.js';
import { CheckPrintableNameQuery } from './check-printable-name.query.js';

@QueryHandler(CheckPrintableNameQuery)
export class CheckPrintableNameHandler implements IQueryHandler<CheckPrintableNameQuery> {
  async execute({ value }: CheckPrintableNameQuery): Promise<boolean> {
    return isPrintableOnCertificate(value);
  }
}
