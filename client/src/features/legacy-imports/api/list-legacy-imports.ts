import { legacyBadgeImportListSchema, type LegacyBadgeImportList } from '@campus/contracts/legacy-badge-imports';
import { listLegacyBadgeImports } from '@campus/contracts/routes/legacy-badge-imports';
import { callApi } from '../../../lib/call-api';
import { LOAD_HANDLED_STATUSES } from '../../../lib/submission-errors';

/** The last 20 imports, newest first. */
export function listLegacyImports(): Promise<LegacyBadgeImportList> {
  return callApi(listLegacyBadgeImports, {}, {
    noCache: true,
    skipStatuses: LOAD_HANDLED_STATUSES,
    parse: (data) => legacyBadgeImportListSchema.parse(data),
  });
}
