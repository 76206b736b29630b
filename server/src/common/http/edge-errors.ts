import { STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ErrorEnvelope } from '../../contracts/errors.js';
import { API_SECURITY_HEADERS } from './security-headers.js';
import { fromStatus, toErrorEnvelope } from './error-envelope.filter.js';

/**
 * Errors Fastify answers itself, before any hook or Nest filter runs, in the envelope every other
 * error has. Fastify's `frameworkErrors` option: the router could not read the path.
 */
export function answerFrameworkError(error: Error, request: FastifyRequest, reply: FastifyReply): void {
  const envelope = toErrorEnvelope(error);
  reply
    .status(envelope.status)
    .headers(API_SECURITY_HEADERS)
    .header('x-request-id', request.id)
    .header('cache-control', 'no-store')
    .send(envelope);
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
