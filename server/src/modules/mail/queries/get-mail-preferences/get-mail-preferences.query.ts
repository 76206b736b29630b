import { Query } from '@nestjs/cqrs';
import type { MailSettings } from '../../../../contracts/mail.js';

export class GetMailPreferencesQuery extends Query<MailSettings> {
  constructor(readonly userId: string) {
    super();
  }
}
