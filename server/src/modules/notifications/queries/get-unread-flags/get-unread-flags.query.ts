import { Query } from '@nestjs/cqrs';
import type { UnreadFlags } from '../../../../contracts/notifications.js';

export class GetUnreadFlagsQuery extends Query<UnreadFlags> {
  constructor(readonly userId: string) {
    super();
  }
}
