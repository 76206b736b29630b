import { DynamicModule, Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { campusModules } from './campus-modules.js';
import { SameSiteXhrGuard } from './common/http/same-site-xhr.guard.js';
import { AppConfig, loadConfig } from './config/config.js';
import { WorkerRuntimeModule } from './jobs/worker-runtime.module.js';
import { DemoLearnerSeed } from './modules/identity/demo-learner-seed.js';
import { RealtimeGateway } from './realtime/realtime.gateway.js';

/** The HTTP API and socket.io gateway (plus the worker role when it runs in-process on PGlite). */
@Module({})
export class AppModule {
  static forRoot(config: AppConfig = loadConfig()): DynamicModule {
    return {
      module: AppModule,
      imports: [...campusModules(config), ...(config.runWorkerInProcess ? [WorkerRuntimeModule] : [])],
      providers: [RealtimeGateway, { provide: APP_GUARD, useClass: SameSiteXhrGuard }, DemoLearnerSeed],
    };
  }
}
