import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppConfig } from '../../config/config.js';
import { SIGNED_IN_HINT_COOKIE } from '../../contracts/signed-in-hint.js';
import { clearCookie, type CookieOptions, readCookie, setCookie } from '../http/cookies.js';

const sessionCookieOptions = (config: AppConfig): CookieOptions => ({
  path: '/',
  httpOnly: true,
  sameSite: 'lax',
  secure: config.session.secure,
});

/** The page's hint that a session may be there: the session cookie's options, but readable by scripts. */
const hintCookieOptions = (config: AppConfig): CookieOptions => ({ ...sessionCookieOptions(config), httpOnly: false });

export function readSessionToken(request: FastifyRequest, config: AppConfig): string | undefined {
  return readCookie(request.headers.cookie, config.session.cookieName);
}

/**
 * A request that needed a session and had none live: its page's hint goes, so the page stops asking
 * GET /me on every load once the session has ended on the server (idle, past its end, logged out
 * elsewhere). The session cookie stays: a request sent before a new login in another tab must not
 * end that login; at worst its hint goes, and the page asks again after the next login.
 */
export function clearStaleSignedInHint(request: FastifyRequest, reply: FastifyReply, config: AppConfig): void {
  if (readCookie(request.headers.cookie, SIGNED_IN_HINT_COOKIE) === undefined) return;
  clearCookie(reply, SIGNED_IN_HINT_COOKIE, hintCookieOptions(config));
}

/** The session's cookie and its hint for the page, for as long as the session may last. */
export function writeSessionCookie(reply: FastifyReply, config: AppConfig, token: string): void {
  const maxAge = Math.floor(config.session.absoluteMs / 1000);
  setCookie(reply, config.session.cookieName, token, { ...sessionCookieOptions(config), maxAge });
  setCookie(reply, SIGNED_IN_HINT_COOKIE, '1', { ...hintCookieOptions(config), maxAge });
}

export function clearSessionCookie(reply: FastifyReply, config: AppConfig): void {
  clearCookie(reply, config.session.cookieName, sessionCookieOptions(config));
  clearCookie(reply, SIGNED_IN_HINT_COOKIE, hintCookieOptions(config));
}
