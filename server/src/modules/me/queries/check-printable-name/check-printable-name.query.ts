import { Query } from '@nestjs/cqrs';
import type { PrintableNameResult } from '../../../../contracts/current-user.js';

/** Can every character of `value` be printed on a certificate, and if not, which cannot? */
export class CheckPrintableNameQuery extends Query<PrintableNameResult> {
  constructor(readonly value: string) {
    super();
  }
}
