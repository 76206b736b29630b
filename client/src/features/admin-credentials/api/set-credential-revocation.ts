import { credentialRevocationSchema, type CredentialRevocation, type CredentialRevocationRequest } from '@campus/contracts/credentials';
import { setCredentialRevocation as setCredentialRevocationRoute } from '@campus/contracts/routes/admin-credentials';
import { callApi } from '../../../lib/call-api';
import { FORM_HANDLED_STATUSES } from '../../../lib/submission-errors';

/** Revokes (revoked: true) or restores a credential; asking for the state it is in changes nothing. */
export function setCredentialRevocation(credentialId: string, request: CredentialRevocationRequest): Promise<CredentialRevocation> {
  return callApi(setCredentialRevocationRoute, { params: { credentialId }, body: request }, {
    skipStatuses: FORM_HANDLED_STATUSES,
    parse: (data) => credentialRevocationSchema.parse(data),
  });
}
