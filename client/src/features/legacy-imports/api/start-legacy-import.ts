import { legacyBadgeImportSchema, type LegacyBadgeImport, type StartLegacyBadgeImportRequest } from '@campus/contracts/legacy-badge-imports';
import { startLegacyBadgeImport } from '@campus/contracts/routes/legacy-badge-imports';
import { callApi } from '../../../lib/call-api';
import { FORM_HANDLED_STATUSES } from '../../../lib/submission-errors';

/** The import starts in the worker; the answer is its first state. */
export function startLegacyImport(request: StartLegacyBadgeImportRequest): Promise<LegacyBadgeImport> {
  return callApi(startLegacyBadgeImport, { body: request }, {
    skipStatuses: FORM_HANDLED_STATUSES,
    parse: (data) => legacyBadgeImportSchema.parse(data),
  });
}
