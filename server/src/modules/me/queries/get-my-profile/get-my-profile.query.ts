import { Query } from '@nestjs/cqrs';
import type { MyProfile } from '../../../../contracts/current-user.js';

export class GetMyProfileQuery extends Query<MyProfile> {
  constructor(readonly userId: string) {
    super();
  }
}
