import { isApiError } from './api-client';

/** 400 AGREEMENT_REQUIRED: the learner has not accepted the current agreements yet. */
export const isAgreementRequired = (error: unknown): boolean =>
  isApiError(error) && error.status === 400 && error.code === 'AGREEMENT_REQUIRED';

/**
 * 401 LOGIN_REQUIRED or 400 AGREEMENT_REQUIRED: the session does not allow the call yet. A loader
 * that meets one leaves the answer to the route's login or agreement guard.
 */
export const isSessionError = (error: unknown): boolean => (isApiError(error) && error.status === 401) || isAgreementRequired(error);
