import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { unprintableCharactersOf } from '../../../../core/fonts/certificate-font.js';
import type { PrintableNameResult } from '../../../../contracts/current-user.js';
import { CheckPrintableNameQuery } from './check-printable-name.query.js';

@QueryHandler(CheckPrintableNameQuery)
export class CheckPrintableNameHandler implements IQueryHandler<CheckPrintableNameQuery> {
  async execute({ value }: CheckPrintableNameQuery): Promise<PrintableNameResult> {
    const unprintableCharacters = unprintableCharactersOf(value);
    return { value: unprintableCharacters.length === 0, unprintableCharacters };
  }
}
