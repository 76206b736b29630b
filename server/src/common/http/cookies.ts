import { parseCookie, serialize, type SerializeOptions } from 'cookie';
import type { FastifyReply } from 'fastify';

/**
 * Cookies without a plugin: only the session guards, the login routes and the pages' signed-in hint
 * read them, so nothing parses the Cookie header of every other request.
 */
export type CookieOptions = Pick<SerializeOptions, 'path' | 'httpOnly' | 'sameSite' | 'secure' | 'maxAge'>;

/** decodeURIComponent, but a malformed value is no value (the library's default would keep it raw). */
function decodeOrNothing(value: string): string | undefined {
  try {
    return decodeURIComponent(value);
  } catch {
    return undefined; // a malformed value is no session
  }
}

/** Every cookie of a Cookie header, by name. */
export function readCookies(header: string | undefined): Readonly<Record<string, string | undefined>> {
  return header ? parseCookie(header, { decode: decodeOrNothing }) : {};
}

/** One cookie's value from a Cookie header. */
export function readCookie(header: string | undefined, name: string): string | undefined {
  return readCookies(header)[name];
}

/** Fastify keeps every Set-Cookie header it is given, so several cookies can be set on one reply. */
export function setCookie(reply: FastifyReply, name: string, value: string, options: CookieOptions): void {
  reply.header('set-cookie', serialize(name, value, options));
}

export function clearCookie(reply: FastifyReply, name: string, options: CookieOptions): void {
  reply.header('set-cookie', serialize(name, '', { ...options, maxAge: 0, expires: new Date(0) }));
}
