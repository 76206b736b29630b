import { credentialVerificationSchema, type CredentialVerification, type CredentialVerificationRequest } from '@campus/contracts/credentials';
import { verifyPresentedCredential } from '@campus/contracts/routes/credentials';
import { callApi } from '../../../lib/call-api';
import { NETWORK_ERROR_STATUS } from '../../../lib/api-client';

/** Failures the verifier page says itself, next to the input or with 再試行: no popup over what was pasted. */
export const VERIFIER_HANDLED_STATUSES: readonly number[] = [NETWORK_ERROR_STATUS, 400, 403, 413, 429, 500, 502, 503, 504];

/** Asks the campus to verify a credential: its text (JSON or JWT) or a badge image as base64. */
export function verifyCredential(request: CredentialVerificationRequest, signal?: AbortSignal): Promise<CredentialVerification> {
  return callApi(verifyPresentedCredential, { body: request }, {
    skipStatuses: VERIFIER_HANDLED_STATUSES,
    ...(signal ? { signal } : {}),
    parse: (data) => credentialVerificationSchema.parse(data),
  });
}
