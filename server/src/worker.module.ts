import { DynamicModule, Module } from '@nestjs/common';
import { campusModules } from './campus-modules.js';
import { createRootLogger } from './core/logging/logger.module.js';
import type { AppConfig } from './config/config.js';
import { WorkerRuntimeModule } from './jobs/worker-runtime.module.js';

/** The same modules as the API, with the outbox relay and job processors running and no HTTP. */
@Module({})
export class WorkerModule {
  static forRoot(config: AppConfig): DynamicModule {
    return { module: WorkerModule, imports: [...campusModules(config, createRootLogger(config)), WorkerRuntimeModule] };
  }
}
