import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import path from 'node:path';
import type { AppConfig } from '../../src/config/config';

export interface WorkerProcess {
  readonly process: ChildProcess;
  /** Sends the signal and waits until the process is gone. */
  kill(signal: NodeJS.Signals): Promise<void>;
}

const ENTRY = path.resolve(__dirname, 'worker-process-entry.cjs');

/**
 * The worker role as production runs it: its own OS process (so a test can SIGKILL it), configured
 * for the same database, Redis prefix and media folder as the spec's API.
 */
export async function spawnWorkerProcess(config: AppConfig, env: Record<string, string> = {}): Promise<WorkerProcess> {
  if (config.database.kind !== 'postgres') throw new Error('the worker process needs PostgreSQL');
  const child = spawn(process.execPath, [ENTRY], {
    cwd: path.resolve(__dirname, '../..'),
    env: {
      ...process.env,
      NODE_ENV: 'test',
      PORT: String(config.port),
      DATABASE_URL: config.database.url,
      DATABASE_POOL_SIZE: String(config.database.poolSize),
      REDIS_URL: config.redis.url,
      REDIS_PREFIX: config.redis.prefix,
      OIDC_ISSUER: config.oidc.issuer,
      MEDIA_DIR: config.mediaDir,
      // The API of the same test serves the PDFs this worker writes.
      CERTIFICATE_DIR: config.certificateDir,
      DEMO_SEED: 'false',
      LOG_LEVEL: 'error',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stderr!.on('data', (chunk: Buffer) => (output = (output + chunk.toString()).slice(-4_000)));
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`worker did not start within 30 s:\n${output}`)), 30_000);
    child.stdout!.on('data', (chunk: Buffer) => {
      output = (output + chunk.toString()).slice(-4_000);
      if (output.includes('campus worker running')) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`worker exited (${code ?? signal}) before it ran:\n${output}`));
    });
  });
  return {
    process: child,
    async kill(signal) {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = once(child, 'exit');
      child.kill(signal);
      await exited;
    },
  };
}
