import { Query } from '@nestjs/cqrs';
import type { CurrentUser } from '../../../../contracts/current-user.js';

export class GetCurrentUserQuery extends Query<CurrentUser> {
  constructor(readonly userId: string) {
    super();
  }
}
