import { Query } from '@nestjs/cqrs';
import type { MailPreferences } from '../../../../contracts/mail.js';

export class GetMailPreferencesQuery extends Query<MailPreferences> {
  constructor(readonly userId: string) {
    super();
  }
}
