import { DomainEvent } from '../../database/event-store.js';

export class AgreementAccepted extends DomainEvent<{ termsVersion: string; acceptedAt: string; migratedFromCloudCampus: boolean }> {
  readonly type = 'AgreementAccepted';
}
