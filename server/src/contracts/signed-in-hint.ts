/**
 * A cookie the page may read, set and cleared with the HttpOnly session cookie: it says only that a
 * session may be there. Without it the client knows a visitor without asking GET /me, whose 401 would
 * cost a visitor's every first page a round trip and a console error. It proves nothing: the
 * server goes by the session cookie alone, and a planted hint only makes the page ask.
 */
export const SIGNED_IN_HINT_COOKIE = 'campus_signed_in';
