import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import path from 'node:path';
import type { AppConfig } from '../../src/config/config';

export interface WorkerProcess {
  readonly process: ChildProcess;
  /** The last 4,000 characters it wrote (stdout and stderr). */
  output(): string;
  /** Sends the signal and waits until the process is gone. */
  kill(signal: NodeJS.Signals): Promise<void>;
}

const ENTRY = path.resolve(__dirname, 'worker-process-entry.cjs');

/** The environment a campus process of the spec's config needs. */
function environmentOf(config: AppConfig, env: Record<string, string>): NodeJS.ProcessEnv {
  if (config.database.kind !== 'postgres') throw new Error('a campus process of its own needs PostgreSQL');
  return {
    ...process.env,
    NODE_ENV: 'test',
    PORT: String(config.port),
    HOST: '127.0.0.1',
    DATABASE_URL: config.database.url,
    DATABASE_POOL_SIZE: String(config.database.poolSize),
    REDIS_URL: config.redis.url,
    REDIS_PREFIX: config.redis.prefix,
    OIDC_ISSUER: config.oidc.issuer,
    MEDIA_DIR: config.mediaDir,
    // The API of the same test serves the PDFs this worker writes.
    CERTIFICATE_DIR: config.certificateDir,
    CLIENT_DIST_DIR: config.clientDistDir ?? '/nonexistent-client-dist',
    RUN_WORKER_IN_PROCESS: 'false',
    DEMO_SEED: 'false',
    LOG_LEVEL: 'error',
    // As for the specs' in-process APIs (campus-harness.ts): drills write in loops from one address.
    RATE_LIMIT_SCALE: '100',
    ...env,
  };
}

async function spawnCampusProcess(entry: 'main' | 'worker', readyLine: string, config: AppConfig, env: Record<string, string>): Promise<WorkerProcess> {
  const child = spawn(process.execPath, [ENTRY], {
    cwd: path.resolve(__dirname, '../..'),
    env: { ...environmentOf(config, env), CAMPUS_ENTRY: entry },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stderr!.on('data', (chunk: Buffer) => (output = (output + chunk.toString()).slice(-4_000)));
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${entry} did not start within 60 s:\n${output}`)), 60_000);
    child.stdout!.on('data', (chunk: Buffer) => {
      output = (output + chunk.toString()).slice(-4_000);
      if (output.includes(readyLine)) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`${entry} exited (${code ?? signal}) before it ran:\n${output}`));
    });
  });
  return {
    process: child,
    output: () => output,
    async kill(signal) {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = once(child, 'exit');
      child.kill(signal);
      await exited;
    },
  };
}

/**
 * The worker role as production runs it: its own OS process (so a test can SIGKILL it), configured
 * for the same database, Redis prefix and media folder as the spec's API.
 */
export function spawnWorkerProcess(config: AppConfig, env: Record<string, string> = {}): Promise<WorkerProcess> {
  return spawnCampusProcess('worker', 'campus worker running', config, env);
}

/** The API in its own OS process, on `config.port`: a drill can check it outlives an outage. */
export function spawnApiProcess(config: AppConfig, env: Record<string, string> = {}): Promise<WorkerProcess> {
  return spawnCampusProcess('main', 'campus API listening on', config, env);
}
