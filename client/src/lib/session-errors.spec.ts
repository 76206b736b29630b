import { ApiError, type ApiErrorCode } from './api-client';
import { isAgreementRequired, isSessionError } from './session-errors';

const apiError = (status: number, code: ApiErrorCode) => new ApiError({ status, code, message: 'x' });

describe('session errors', () => {
  it('a missing agreement is 400 AGREEMENT_REQUIRED only', () => {
    expect(isAgreementRequired(apiError(400, 'AGREEMENT_REQUIRED'))).toBe(true);
    expect(isAgreementRequired(apiError(400, 'VALIDATION_FAILED'))).toBe(false);
    expect(isAgreementRequired(apiError(403, 'AGREEMENT_REQUIRED'))).toBe(false);
    expect(isAgreementRequired(new Error('AGREEMENT_REQUIRED'))).toBe(false);
  });

  it('a session error is a 401 or a missing agreement, nothing else', () => {
    expect(isSessionError(apiError(401, 'LOGIN_REQUIRED'))).toBe(true);
    expect(isSessionError(apiError(400, 'AGREEMENT_REQUIRED'))).toBe(true);
    expect(isSessionError(apiError(400, 'VALIDATION_FAILED'))).toBe(false);
    expect(isSessionError(apiError(404, 'NOT_FOUND'))).toBe(false);
    expect(isSessionError(apiError(500, 'INTERNAL_ERROR'))).toBe(false);
    expect(isSessionError(undefined)).toBe(false);
  });
});
