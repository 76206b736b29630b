import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppConfig } from '../../config/config.js';

export function readSessionToken(request: FastifyRequest, config: AppConfig): string | undefined {
  return request.cookies?.[config.session.cookieName];
}

export function writeSessionCookie(reply: FastifyReply, config: AppConfig, token: string): void {
  reply.setCookie(config.session.cookieName, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: config.session.secure,
    maxAge: Math.floor(config.session.absoluteMs / 1000),
  });
}

export function clearSessionCookie(reply: FastifyReply, config: AppConfig): void {
  reply.clearCookie(config.session.cookieName, { path: '/', httpOnly: true, sameSite: 'lax', secure: config.session.secure });
}
