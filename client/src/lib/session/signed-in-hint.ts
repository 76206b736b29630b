import { SIGNED_IN_HINT_COOKIE } from '@campus/contracts/signed-in-hint';

/**
 * Whether a session may be there: the server sets its readable hint with the session cookie and
 * clears it at logout and on a 401. Without a document (no cookies to read) it may be.
 */
export function hasSignedInHint(): boolean {
  if (typeof document === 'undefined') return true;
  return document.cookie.split(';').some((cookie) => cookie.trim().startsWith(`${SIGNED_IN_HINT_COOKIE}=`));
}
