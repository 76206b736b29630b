import { DomainEvent } from '../../database/event-store.js';

export const USER_STREAM = 'user';

export class UserRegistered extends DomainEvent<{ subject: string; lastName: string; firstName: string; role: string; verifiedEmail?: string | null }> {
  readonly type = 'UserRegistered';
}

/** The provider vouches for another e-mail address (or no longer for any) at login. */
export class VerifiedEmailChanged extends DomainEvent<{ verifiedEmail: string | null }> {
  readonly type = 'VerifiedEmailChanged';
}
