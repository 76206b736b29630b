import 'reflect-metadata';
import { createApiApp } from './bootstrap/create-api-app.js';
import { exitWhenShutdownOverruns, logStrayRejections } from './bootstrap/process-guards.js';
import { safeError } from './core/logging/safe-error.js';
import { loadConfig } from './config/config.js';

async function main() {
  logStrayRejections('api');
  const config = loadConfig();
  exitWhenShutdownOverruns('api', config.shutdownGraceMs);
  const app = await createApiApp(config);
  await app.listen(config.port, config.host);
  const worker = config.runWorkerInProcess ? ' (worker in-process)' : '';
  console.log(`campus API listening on ${config.publicOrigin}${worker}, database: ${config.database.kind}`);
}

main().catch((error: unknown) => {
  console.error(safeError(error).message);
  process.exit(1);
});
