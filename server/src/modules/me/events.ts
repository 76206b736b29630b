import { DomainEvent } from '../../database/event-store.js';
import type { UpdateProfile } from '../../contracts/current-user.js';

export class ProfileUpdated extends DomainEvent<UpdateProfile> {
  readonly type = 'ProfileUpdated';
}
