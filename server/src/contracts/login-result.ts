/** Query marker appended to currentUrl when a login does not complete. Zod-free so the client bundle stays small. */
export const LOGIN_RESULT_PARAM = 'login';
export const LOGIN_CANCELLED = 'cancelled';
export const LOGIN_FAILED = 'failed';

export type LoginResult = typeof LOGIN_CANCELLED | typeof LOGIN_FAILED;
