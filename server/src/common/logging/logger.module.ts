import { RequestMethod } from '@nestjs/common';
import { LoggerModule } from 'nestjs-pino';
import type { AppConfig } from '../../config/config.js';

export function campusLoggerModule(config: AppConfig) {
  return LoggerModule.forRoot({
    // Nest 11's path syntax; the default '*' triggers a legacy-route warning under the /api prefix.
    forRoutes: [{ path: '{*path}', method: RequestMethod.ALL }],
    pinoHttp: {
      level: config.logLevel,
      redact: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'],
      // Health probes and metrics scrapes would drown the log.
      autoLogging: { ignore: (request) => /^\/(api\/(health|ready)|metrics)/.test(request.url ?? '') },
      serializers: {
        req: (request: { id: string; method: string; url: string }) => ({ id: request.id, method: request.method, url: request.url }),
      },
    },
  });
}
