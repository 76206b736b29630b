import { legacyBadgeImportListSchema, type LegacyBadgeImportList } from '@campus/contracts/legacy-badge-imports';
import { apiClient } from '../../../lib/api-client';
import { LOAD_HANDLED_STATUSES } from '../../../lib/submission-errors';

/** GET /api/v1/admin/legacy-badge-imports — the last 20 imports, newest first. */
export function listLegacyImports(): Promise<LegacyBadgeImportList> {
  return apiClient.get('/api/v1/admin/legacy-badge-imports', {
    noCache: true,
    skipStatuses: LOAD_HANDLED_STATUSES,
    parse: (data) => legacyBadgeImportListSchema.parse(data),
  });
}
