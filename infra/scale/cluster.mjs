// The campus scaled out on one machine: API processes and workers on one PostgreSQL and one Redis,
// behind nginx (nginx.conf.template). Used by `npm run start:cluster` (start-cluster.mjs) and by
// infra/tests/cluster.test.mjs. Node built-ins and infra/scripts/lib.mjs only.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { httpOk, ROOT, run, startChild, waitFor } from '../scripts/lib.mjs';

const TEMPLATE = path.join(ROOT, 'infra', 'scale', 'nginx.conf.template');

/** Debian's nginx, installed on first use where apt can (the machines run as root). */
export function ensureNginx() {
  if (run('sh', ['-c', 'command -v nginx >/dev/null'], { stdio: 'ignore' }) === 0) return;
  if (process.getuid?.() !== 0 || run('sh', ['-c', 'command -v apt-get >/dev/null'], { stdio: 'ignore' }) !== 0) {
    throw new Error('nginx がありません。nginx をインストールしてください（Debian: apt-get install nginx）。');
  }
  console.log('nginx をインストールしています (apt-get install nginx)…');
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  if (spawnSync('apt-get', ['install', '-y', '-q', 'nginx'], { stdio: 'inherit', env }).status !== 0) {
    spawnSync('apt-get', ['update', '-q'], { stdio: 'inherit', env });
    if (spawnSync('apt-get', ['install', '-y', '-q', 'nginx'], { stdio: 'inherit', env }).status !== 0) throw new Error('nginx をインストールできませんでした');
  }
}

/** The configuration for `listenPort` in front of `apiPorts`, written into `runDir` (nginx's temp files go there too). */
export function writeNginxConfig({ listenPort, apiPorts, runDir }) {
  mkdirSync(runDir, { recursive: true });
  const servers = apiPorts.map((port) => `    server 127.0.0.1:${port} max_fails=0;`).join('\n');
  const config = readFileSync(TEMPLATE, 'utf8')
    .replaceAll('{{RUN_DIR}}', runDir)
    .replaceAll('{{LISTEN_PORT}}', String(listenPort))
    .replace('{{UPSTREAM_SERVERS}}', servers);
  const file = path.join(runDir, 'nginx.conf');
  writeFileSync(file, config);
  return file;
}

/**
 * Starts `apiPorts.length` API processes, `workers` worker processes and nginx on `listenPort`, each
 * under `supervise` (restarted when it stops), and resolves once /api/ready answers through nginx.
 * `env` is what every campus process gets (DATABASE_URL, REDIS_URL, REDIS_PREFIX, OIDC_ISSUER, PUBLIC_URL …).
 * Returns the supervised entries: `entry.child` is the process running now.
 */
export async function startCluster({ supervise, env, listenPort, apiPorts, workers = 2, runDir, formatLine = undefined, quiet = false }) {
  ensureNginx();
  const campusEnv = { ...env, RUN_WORKER_IN_PROCESS: 'false' };
  const apis = apiPorts.map((port, index) =>
    supervise(`API ${index + 1}（ポート ${port}）`, () =>
      startChild(`api-${index + 1}`, process.execPath, ['--enable-source-maps', 'server/dist/main.js'], { ...campusEnv, PORT: String(port) }, { formatLine, quiet }),
    ),
  );
  const workerEntries = Array.from({ length: workers }, (_, index) =>
    supervise(`ワーカー ${index + 1}`, () =>
      startChild(`worker-${index + 1}`, process.execPath, ['--enable-source-maps', 'server/dist/worker.js'], campusEnv, { formatLine, quiet }),
    ),
  );
  for (const port of apiPorts) await waitFor(httpOk(`http://127.0.0.1:${port}/api/ready`), { timeoutMs: 120_000, what: `API on ${port}` });
  const config = writeNginxConfig({ listenPort, apiPorts, runDir });
  const nginx = supervise('nginx', () => startChild('nginx', 'nginx', ['-c', config, '-p', runDir], {}, { quiet }));
  await waitFor(httpOk(`http://127.0.0.1:${listenPort}/api/ready`), { timeoutMs: 30_000, what: 'nginx' });
  return { apis, workers: workerEntries, nginx };
}
