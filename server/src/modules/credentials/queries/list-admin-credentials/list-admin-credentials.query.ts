import { Query } from '@nestjs/cqrs';
import type { AdminCredentialPage, AdminCredentialSearchQuery } from '../../../../contracts/credentials.js';

/** One page of credentials for the admin console, optionally narrowed to a learner or a certificate number. */
export class ListAdminCredentialsQuery extends Query<AdminCredentialPage> {
  constructor(readonly search: AdminCredentialSearchQuery) {
    super();
  }
}
