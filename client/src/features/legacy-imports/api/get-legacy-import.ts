import { legacyBadgeImportSchema, type LegacyBadgeImport } from '@campus/contracts/legacy-badge-imports';
import { getLegacyBadgeImport } from '@campus/contracts/routes/legacy-badge-imports';
import { callApi } from '../../../lib/call-api';
import { LOAD_HANDLED_STATUSES } from '../../../lib/submission-errors';

/** How far it is, and the rows it did not import. */
export function getLegacyImport(importId: string): Promise<LegacyBadgeImport> {
  return callApi(getLegacyBadgeImport, { params: { importId } }, {
    noCache: true,
    skipStatuses: LOAD_HANDLED_STATUSES,
    parse: (data) => legacyBadgeImportSchema.parse(data),
  });
}
