import { DomainEvent } from '../../database/event-store.js';

export const USER_STREAM = 'user';

export class UserRegistered extends DomainEvent<{ subject: string; lastName: string; firstName: string; role: string }> {
  readonly type = 'UserRegistered';
}
