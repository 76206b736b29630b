import { LoggerModule } from 'nestjs-pino';
import pino, { type Logger } from 'pino';
import type { AppConfig } from '../../config/config.js';

/** The process's one pino logger. The API hands it to Fastify, which logs each request with its id. */
export function createRootLogger(config: AppConfig): Logger {
  return pino({
    level: config.logLevel,
    redact: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'],
  });
}

/**
 * Nest's logger backed by the same pino instance. Fastify logs every request with its id; binding
 * Nest's logger to each request as well (nestjs-pino's middleware) cost about a third of the API's
 * throughput, so it is not bound: code that logs about a request passes the request id itself.
 */
export function campusLoggerModule(logger: Logger) {
  return LoggerModule.forRoot({ pinoHttp: { logger }, useExisting: true, forRoutes: [] });
}
