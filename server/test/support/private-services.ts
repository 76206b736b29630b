import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { once } from 'node:events';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { Redis } from 'ioredis';
import { Client } from 'pg';
import { freePort } from './free-port';

const run = promisify(execFile);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Services of one fault drill, never the shared ones on 5432/6379: a drill stops and kills them.
 * Both are started from their binaries in a temporary folder and removed at the end.
 */

export interface PrivateRedis {
  readonly url: string;
  /** SIGKILL: everything in memory is gone (no persistence). */
  kill(): Promise<void>;
  start(): Promise<void>;
  stop(): Promise<void>;
}

/** `redis-server` on a free port with no persistence. */
export async function startPrivateRedis(): Promise<PrivateRedis> {
  const port = await freePort();
  let server: ChildProcess | undefined;
  const url = `redis://127.0.0.1:${port}`;
  const start = async () => {
    server = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
    const probe = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
    probe.on('error', () => undefined);
    try {
      for (const until = Date.now() + 10_000; ; await sleep(50)) {
        try {
          if (probe.status !== 'ready') await probe.connect();
          if ((await probe.ping()) === 'PONG') return;
        } catch (error) {
          if (Date.now() > until) throw new Error(`private Redis did not start on ${port}`, { cause: error });
          probe.disconnect();
        }
      }
    } finally {
      probe.disconnect();
    }
  };
  const kill = async (signal: NodeJS.Signals = 'SIGKILL') => {
    if (!server || server.exitCode !== null || server.signalCode !== null) return;
    const exited = once(server, 'exit');
    server.kill(signal);
    await exited;
  };
  await start();
  return { url, start, kill: () => kill('SIGKILL'), stop: () => kill('SIGTERM') };
}

export interface PrivatePostgres {
  /** The cluster's `postgres` database, trust auth. */
  readonly url: string;
  /** `pg_ctl stop -m fast`: connections are terminated, new ones refused. */
  stop(): Promise<void>;
  start(): Promise<void>;
  destroy(): Promise<void>;
}

function postgresBin(): string {
  const root = '/usr/lib/postgresql';
  const version = existsSync(root) ? readdirSync(root).sort((a, b) => Number(b) - Number(a))[0] : undefined;
  if (!version) throw new Error('initdb not found under /usr/lib/postgresql/*/bin');
  return path.join(root, version, 'bin');
}

/** PostgreSQL refuses to run as root: as root the cluster belongs to the `postgres` OS user. */
const asPostgres = (command: string, args: string[]): [string, string[]] =>
  userInfo().uid === 0 ? ['runuser', ['-u', 'postgres', '--', command, ...args]] : [command, args];

/** A throw-away PostgreSQL cluster (`initdb` + `pg_ctl`) in a temporary folder, on a free port. */
export async function startPrivatePostgres(): Promise<PrivatePostgres> {
  const bin = postgresBin();
  const folder = mkdtempSync(path.join(tmpdir(), 'campus-drill-pg-'));
  if (userInfo().uid === 0) {
    const { stdout } = await run('id', ['-u', 'postgres']);
    const { stdout: group } = await run('id', ['-g', 'postgres']);
    chownSync(folder, Number(stdout.trim()), Number(group.trim()));
  }
  const dataDir = path.join(folder, 'data');
  const port = await freePort();
  const pg = (command: string, args: string[]) => run(...asPostgres(path.join(bin, command), args), { timeout: 60_000 });
  await pg('initdb', ['-D', dataDir, '-U', 'postgres', '-A', 'trust', '-E', 'UTF8', '--locale=C', '--no-sync']);
  const options = `-p ${port} -k ${folder} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c shared_buffers=32MB -c max_connections=60`;
  const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
  const start = async () => {
    await pg('pg_ctl', ['start', '-D', dataDir, '-w', '-t', '60', '-l', path.join(folder, 'server.log'), '-o', options]);
    const client = new Client({ connectionString: url });
    await client.connect();
    await client.end();
  };
  const stop = async () => void (await pg('pg_ctl', ['stop', '-D', dataDir, '-m', 'fast', '-w', '-t', '60']));
  await start();
  return {
    url,
    start,
    stop,
    async destroy() {
      await stop().catch(() => undefined);
      rmSync(folder, { recursive: true, force: true });
    },
  };
}
