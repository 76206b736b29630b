import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppConfig } from '../../config/config.js';
import { clearCookie, type CookieOptions, readCookie, setCookie } from '../http/cookies.js';

const sessionCookieOptions = (config: AppConfig): CookieOptions => ({
  path: '/',
  httpOnly: true,
  sameSite: 'lax',
  secure: config.session.secure,
});

export function readSessionToken(request: FastifyRequest, config: AppConfig): string | undefined {
  return readCookie(request.headers.cookie, config.session.cookieName);
}

export function writeSessionCookie(reply: FastifyReply, config: AppConfig, token: string): void {
  setCookie(reply, config.session.cookieName, token, {
    ...sessionCookieOptions(config),
    maxAge: Math.floor(config.session.absoluteMs / 1000),
  });
}

export function clearSessionCookie(reply: FastifyReply, config: AppConfig): void {
  clearCookie(reply, config.session.cookieName, sessionCookieOptions(config));
}
