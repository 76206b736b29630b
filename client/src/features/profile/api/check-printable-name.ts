import type { PrintableNameResult } from '@campus/contracts/current-user';
import { checkPrintableName as printableNameRoute } from '@campus/contracts/routes/me';
import { callApi } from '../../../lib/call-api';

/** Asked while the learner types: a failure stays quiet (the save checks again). */
export function checkPrintableName(value: string): Promise<PrintableNameResult> {
  return callApi(printableNameRoute, { body: { value } }, { skipStatuses: 'all' });
}
