import { serialize, type SerializeOptions } from 'cookie';
import type { FastifyReply } from 'fastify';

/**
 * Cookies without a plugin: only the session and login routes touch cookies, so nothing parses the
 * Cookie header of every other request.
 */
export type CookieOptions = Pick<SerializeOptions, 'path' | 'httpOnly' | 'sameSite' | 'secure' | 'maxAge'>;

/** One cookie's value from a Cookie header. */
export function readCookie(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const separator = part.indexOf('=');
    if (separator > 0 && part.slice(0, separator).trim() === name) {
      try {
        return decodeURIComponent(part.slice(separator + 1).trim());
      } catch {
        return undefined; // a malformed value is no session
      }
    }
  }
  return undefined;
}

/** Fastify keeps every Set-Cookie header it is given, so several cookies can be set on one reply. */
export function setCookie(reply: FastifyReply, name: string, value: string, options: CookieOptions): void {
  reply.header('set-cookie', serialize(name, value, options));
}

export function clearCookie(reply: FastifyReply, name: string, options: CookieOptions): void {
  reply.header('set-cookie', serialize(name, '', { ...options, maxAge: 0, expires: new Date(0) }));
}
