import { LoggerModule } from 'nestjs-pino';
import pino, { type DestinationStream, type Logger } from 'pino';
import type { AppConfig } from '../../config/config.js';
import { safeError, withoutEmails } from './safe-error.js';

/**
 * Fields no log line may show: credentials (cookies, the session token, the login's tokens) and
 * e-mail addresses, at the top of a log object or one or two levels down.
 */
const SECRET_FIELDS = ['token', 'sessionToken', 'accessToken', 'idToken', 'refreshToken', 'password', 'email', 'verifiedEmail', 'params'];
const HEADER_FIELDS = ['cookie', 'authorization', '["set-cookie"]'];
export const REDACTED_PATHS = [
  ...HEADER_FIELDS.flatMap((header) => [`headers.${header}`, `*.headers.${header}`]),
  ...SECRET_FIELDS.flatMap((field) => [field, `*.${field}`, `*.*.${field}`]),
];

/** Query parameters of the login's callback (and any like them) that are credentials. */
const SECRET_QUERY = new Set(['code', 'state', 'session_state', 'token', 'id_token', 'access_token', 'refresh_token', 'email']);

export function safeUrl(url: string): string {
  const at = url.indexOf('?');
  if (at < 0) return withoutEmails(url);
  const query = new URLSearchParams(url.slice(at + 1));
  for (const name of [...query.keys()]) if (SECRET_QUERY.has(name.toLowerCase())) query.set(name, '[redacted]');
  return withoutEmails(`${url.slice(0, at)}?${query.toString()}`);
}

interface LoggedRequest {
  method?: string;
  url?: string;
  host?: string;
  ip?: string;
  socket?: { remotePort?: number };
}

/** The process's one pino logger. The API hands it to Fastify, which logs each request with its id. */
export function createRootLogger(config: AppConfig, destination?: DestinationStream): Logger {
  return pino(
    {
      level: config.logLevel,
      redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
      serializers: {
        // Database errors carry their statement's values: only the named fields are logged.
        err: safeError,
        // Fastify's request line, with the login's code and state masked in the URL.
        req: (request: LoggedRequest) => ({
          method: request.method,
          url: request.url === undefined ? undefined : safeUrl(request.url),
          host: request.host,
          remoteAddress: request.ip,
          remotePort: request.socket?.remotePort,
        }),
      },
    },
    destination,
  );
}

/**
 * Nest's logger backed by the same pino instance. Fastify logs every request with its id; binding
 * Nest's logger to each request as well (nestjs-pino's middleware) cost about a third of the API's
 * throughput, so it is not bound: code that logs about a request passes the request id itself.
 */
export function campusLoggerModule(logger: Logger) {
  return LoggerModule.forRoot({ pinoHttp: { logger }, useExisting: true, forRoutes: [] });
}
