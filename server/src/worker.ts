import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { Logger } from 'nestjs-pino';
import { exitWhenShutdownOverruns, logStrayRejections } from './bootstrap/process-guards.js';
import { safeError } from './core/logging/safe-error.js';
import { loadConfig } from './config/config.js';
import { WorkerModule } from './worker.module.js';

async function main() {
  logStrayRejections('worker');
  const config = loadConfig();
  exitWhenShutdownOverruns('worker', config.shutdownGraceMs);
  if (config.database.kind === 'pglite') {
    throw new Error('The worker needs DATABASE_URL: with the embedded database the API runs the worker in-process.');
  }
  const app = await NestFactory.createApplicationContext(WorkerModule.forRoot(config), { bufferLogs: true });
  app.useLogger(app.get(Logger));
  app.enableShutdownHooks();
  await app.init();
  console.log('campus worker running');
}

main().catch((error: unknown) => {
  console.error(safeError(error).message);
  process.exit(1);
});
