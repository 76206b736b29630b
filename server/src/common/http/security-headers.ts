import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * Helmet's headers, computed once at start: the options never vary per request, so running its
 * middleware for every request would only repeat the same work.
 */
export function helmetHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: string | number) => {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader: (name: string) => {
      delete headers[name.toLowerCase()];
    },
  } as unknown as ServerResponse;
  helmet(options)({} as IncomingMessage, response, () => undefined);
  return headers;
}

/**
 * JSON answers are never rendered as documents, so CSP and framing rules do not apply to them; what
 * matters is that no browser sniffs them into something executable.
 */
export const API_SECURITY_HEADERS: Record<string, string> = { 'x-content-type-options': 'nosniff' };
