import type { AgreementAcceptance } from '@campus/contracts/agreements';
import { apiClient } from '../../api-client';

/** POST /api/v1/agreements/accept (no body) — accepts the terms of service and the privacy policy. */
export function acceptAgreements(): Promise<AgreementAcceptance> {
  return apiClient.post<AgreementAcceptance>('/api/v1/agreements/accept');
}
