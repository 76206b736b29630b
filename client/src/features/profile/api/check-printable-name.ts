import type { PrintableNameResult } from '@campus/contracts/current-user';
import { apiClient } from '../../../lib/api-client';

/** POST /api/v1/check-is-printable-name — asked while the learner types: a failure stays quiet (the save checks again). */
export function checkPrintableName(value: string): Promise<PrintableNameResult> {
  return apiClient.post<PrintableNameResult>('/api/v1/check-is-printable-name', { value }, { skipStatuses: 'all' });
}
