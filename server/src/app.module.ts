import { DynamicModule, Module } from '@nestjs/common';
import { campusModules } from './campus-modules.js';
import { RateLimitModule } from './common/rate-limit/rate-limit.module.js';
import type { Logger } from 'pino';
import type { AppConfig } from './config/config.js';
import { WorkerRuntimeModule } from './jobs/worker-runtime.module.js';
import { DemoLearnerSeed } from './demo-learner-seed.js';
import { RealtimeGateway } from './realtime/realtime.gateway.js';

/** The HTTP API and socket.io gateway (plus the worker role when it runs in-process on PGlite). */
@Module({})
export class AppModule {
  static forRoot(config: AppConfig, logger: Logger): DynamicModule {
    return {
      module: AppModule,
      imports: [...campusModules(config, logger), RateLimitModule, ...(config.runWorkerInProcess ? [WorkerRuntimeModule] : [])],
      providers: [RealtimeGateway, DemoLearnerSeed],
    };
  }
}
