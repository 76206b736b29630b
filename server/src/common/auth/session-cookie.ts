import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppConfig } from '../../config/config.js';
import { SIGNED_IN_HINT_COOKIE } from '../../contracts/signed-in-hint.js';
import { clearCookie, type CookieOptions, readCookie, readCookies, setCookie } from '../http/cookies.js';

const sessionCookieOptions = (config: AppConfig): CookieOptions => ({
  path: '/',
  httpOnly: true,
  sameSite: 'lax',
  secure: config.session.secure,
});

const sessionMaxAge = (config: AppConfig) => Math.floor(config.session.absoluteMs / 1000);

/** The page's hint that a session may be there: the session cookie's options, but readable by scripts. */
const hintCookieOptions = (config: AppConfig): CookieOptions => ({ ...sessionCookieOptions(config), httpOnly: false });

export function readSessionToken(request: FastifyRequest, config: AppConfig): string | undefined {
  return readCookie(request.headers.cookie, config.session.cookieName);
}

/** Which of a session's two cookies the request carries, its Cookie header read once. */
function sessionCookiesOf(request: FastifyRequest, config: AppConfig) {
  const cookies = readCookies(request.headers.cookie);
  return { hasToken: cookies[config.session.cookieName] !== undefined, hasHint: cookies[SIGNED_IN_HINT_COOKIE] !== undefined };
}

/**
 * A request that needed a session and had none live (the database said so: a failed lookup is a 503,
 * not this): both cookies go, so the page stops asking GET /me once the session has ended on the
 * server (idle, past its end, logged out elsewhere). Only a request still on its way while a new login
 * answered could clear that login's cookies; its learner would log in again.
 */
export function clearEndedSession(request: FastifyRequest, reply: FastifyReply, config: AppConfig): void {
  const { hasToken, hasHint } = sessionCookiesOf(request, config);
  if (hasToken || hasHint) clearSessionCookie(reply, config);
}

/**
 * A page asked with a session cookie but without its hint (a session older than the hint, or a hint
 * the learner deleted) gets the hint back, so the page asks who is logged in rather than showing a
 * visitor; should the session be dead, that GET /me's 401 clears both.
 */
export function restoreSignedInHint(request: FastifyRequest, reply: FastifyReply, config: AppConfig): void {
  const { hasToken, hasHint } = sessionCookiesOf(request, config);
  if (hasToken && !hasHint) setCookie(reply, SIGNED_IN_HINT_COOKIE, '1', { ...hintCookieOptions(config), maxAge: sessionMaxAge(config) });
}

/** The session's cookie and its hint for the page, for as long as the session may last. */
export function writeSessionCookie(reply: FastifyReply, config: AppConfig, token: string): void {
  setCookie(reply, config.session.cookieName, token, { ...sessionCookieOptions(config), maxAge: sessionMaxAge(config) });
  setCookie(reply, SIGNED_IN_HINT_COOKIE, '1', { ...hintCookieOptions(config), maxAge: sessionMaxAge(config) });
}

export function clearSessionCookie(reply: FastifyReply, config: AppConfig): void {
  clearCookie(reply, config.session.cookieName, sessionCookieOptions(config));
  clearCookie(reply, SIGNED_IN_HINT_COOKIE, hintCookieOptions(config));
}
