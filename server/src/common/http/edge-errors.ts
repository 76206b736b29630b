import { STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import type { ErrorEnvelope } from '../../contracts/errors.js';
import { API_SECURITY_HEADERS } from './security-headers.js';
import { fromStatus, toErrorEnvelope } from './error-envelope.filter.js';
import { isPageRequest, sendErrorAnswer } from './error-page.js';
import type { SpaIndex } from './spa-index.js';

/**
 * Errors Fastify answers itself, before any hook or Nest filter runs, as every other error is answered:
 * the envelope, or the error page for a page address. Fastify's `frameworkErrors` option: the router
 * could not read the path. No hook has set the security headers yet: `documentHeaders` are the pages'.
 */
export function frameworkErrorAnswer(spaIndex: SpaIndex, documentHeaders: Record<string, string>) {
  return (error: Error, request: FastifyRequest, reply: FastifyReply): void => {
    reply.headers(isPageRequest(request) ? documentHeaders : API_SECURITY_HEADERS).header('x-request-id', request.id);
    sendErrorAnswer(request, reply, toErrorEnvelope(error), spaIndex);
  };
}

/**
 * Wraps the error handler of @fastify/static's routes: it refuses (403 `FST_STATIC_FORBIDDEN_PATH`) a
 * path it cannot check against the disk — a name longer than the file system allows (a URL of a few
 * thousand characters), `.` or `..` segments, `//`. No file has such a name, so the answer is the one of
 * any unknown address (the 404 page, or the 404 envelope under /api), not a permission refusal.
 * (Nest turns Fastify's errors into plain HttpExceptions, so the filter could not tell this 403 apart.)
 */
export function refusedStaticPathAsNotFound(errorHandler: RouteOptions['errorHandler']): RouteOptions['errorHandler'] {
  return function answer(this: FastifyInstance, error, request, reply) {
    if ((error as { code?: unknown }).code === 'FST_STATIC_FORBIDDEN_PATH') return reply.callNotFound();
    return errorHandler ? errorHandler.call(this, error, request, reply) : this.errorHandler(error, request, reply);
  };
}

/** What Node's HTTP parser refused, by its error code: too long a request line or headers, too slow, or malformed. */
function envelopeOfClientError(code: string | undefined): ErrorEnvelope {
  if (code === 'HPE_HEADER_OVERFLOW') return fromStatus(431);
  if (code === 'ERR_HTTP_REQUEST_TIMEOUT') return fromStatus(408);
  return { message: 'リクエストの形式が正しくありません', status: 400, code: 'VALIDATION_FAILED' };
}

/**
 * Fastify's `clientErrorHandler`: Node's parser gave up on the request, so there is no request or reply
 * object, only the socket. Fastify's default writes its own body and destroys the socket at once, which
 * could drop the answer; ending the socket sends it first.
 */
export function answerClientError(error: NodeJS.ErrnoException, socket: Duplex): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  if (!socket.writable) {
    socket.destroy();
    return;
  }
  const envelope = envelopeOfClientError(error.code);
  const body = JSON.stringify(envelope);
  const head = [
    `HTTP/1.1 ${envelope.status} ${STATUS_CODES[envelope.status]}`,
    'content-type: application/json; charset=utf-8',
    `content-length: ${Buffer.byteLength(body)}`,
    'cache-control: no-store',
    ...Object.entries(API_SECURITY_HEADERS).map(([name, value]) => `${name}: ${value}`),
    'connection: close',
  ];
  socket.end(`${head.join('\r\n')}\r\n\r\n${body}`, () => socket.destroy());
}
