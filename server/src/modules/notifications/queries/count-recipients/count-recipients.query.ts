import { Query } from '@nestjs/cqrs';
import type { RecipientCount, RecipientCountQuery } from '../../../../contracts/admin-notifications.js';

/** How many learners a group message would reach if sent now. */
export class CountRecipientsQuery extends Query<RecipientCount> {
  constructor(readonly group: RecipientCountQuery) {
    super();
  }
}
