import type { AgreementAcceptance } from '@campus/contracts/agreements';
import { acceptAgreements as acceptRoute } from '@campus/contracts/routes/agreements';
import { callApi } from '../../call-api';

/** Accepts (no body) the terms of service and the privacy policy. */
export function acceptAgreements(): Promise<AgreementAcceptance> {
  return callApi(acceptRoute, {});
}
