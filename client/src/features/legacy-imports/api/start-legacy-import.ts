import { legacyBadgeImportSchema, type LegacyBadgeImport, type StartLegacyBadgeImportRequest } from '@campus/contracts/legacy-badge-imports';
import { apiClient } from '../../../lib/api-client';
import { FORM_HANDLED_STATUSES } from '../../../lib/submission-errors';

/** POST /api/v1/admin/legacy-badge-imports — the import starts in the worker; the answer is its first state. */
export function startLegacyImport(request: StartLegacyBadgeImportRequest): Promise<LegacyBadgeImport> {
  return apiClient.post('/api/v1/admin/legacy-badge-imports', request, {
    skipStatuses: FORM_HANDLED_STATUSES,
    parse: (data) => legacyBadgeImportSchema.parse(data),
  });
}
