import { legacyBadgeImportSchema, type LegacyBadgeImport } from '@campus/contracts/legacy-badge-imports';
import { apiClient } from '../../../lib/api-client';
import { LOAD_HANDLED_STATUSES } from '../../../lib/submission-errors';

/** GET /api/v1/admin/legacy-badge-imports/{importId} — how far it is, and the rows it did not import. */
export function getLegacyImport(importId: string): Promise<LegacyBadgeImport> {
  return apiClient.get(`/api/v1/admin/legacy-badge-imports/${encodeURIComponent(importId)}`, {
    noCache: true,
    skipStatuses: LOAD_HANDLED_STATUSES,
    parse: (data) => legacyBadgeImportSchema.parse(data),
  });
}
