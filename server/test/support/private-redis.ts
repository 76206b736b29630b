import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { freePort } from './free-port';

export interface PrivateRedis {
  readonly port: number;
  readonly url: string;
  /** SIGKILLs the server: with no persistence, everything it held is gone. */
  kill(): Promise<void>;
  /** A fresh, empty server on the same port. */
  start(): Promise<void>;
}

/**
 * A Redis of the spec's own on a free port, with no persistence (no RDB, no AOF), as a child process
 * the test may SIGKILL: fault drills never touch the shared Redis.
 */
export async function startPrivateRedis(): Promise<PrivateRedis> {
  const port = await freePort();
  let child: ChildProcess | undefined;

  const start = async () => {
    const server = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--daemonize', 'no'], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`redis-server did not start within 10 s:\n${output}`)), 10_000);
      server.stdout!.on('data', (chunk: Buffer) => {
        output = (output + chunk.toString()).slice(-4_000);
        if (output.includes('Ready to accept connections')) {
          clearTimeout(timer);
          resolve();
        }
      });
      server.once('exit', (code, signal) => {
        clearTimeout(timer);
        reject(new Error(`redis-server exited (${code ?? signal}):\n${output}`));
      });
    });
    server.stdout!.resume();
    child = server;
  };

  await start();
  return {
    port,
    url: `redis://127.0.0.1:${port}`,
    start,
    async kill() {
      const server = child;
      if (!server || server.exitCode !== null || server.signalCode !== null) return;
      const exited = once(server, 'exit');
      server.kill('SIGKILL');
      await exited;
    },
  };
}
