import { adminCredentialPageSchema, type AdminCredentialPage } from '@campus/contracts/credentials';
import { listAdminCredentials as listAdminCredentialsRoute } from '@campus/contracts/routes/admin-credentials';
import { callApi } from '../../../lib/call-api';
import { LOAD_HANDLED_STATUSES } from '../../../lib/submission-errors';

/** One page of credentials, newest first, narrowed to what `q` names (learner or certificate number). */
export function listAdminCredentials({ q, offset, limit }: { q: string; offset: number; limit: number }): Promise<AdminCredentialPage> {
  return callApi(listAdminCredentialsRoute, { query: { ...(q ? { q } : {}), limit, offset } }, {
    noCache: true,
    skipStatuses: LOAD_HANDLED_STATUSES,
    parse: (data) => adminCredentialPageSchema.parse(data),
  });
}
