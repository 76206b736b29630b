import { Query } from '@nestjs/cqrs';

/** Can every character of `value` be printed on a certificate? */
export class CheckPrintableNameQuery extends Query<boolean> {
  constructor(readonly value: string) {
    super();
  }
}
