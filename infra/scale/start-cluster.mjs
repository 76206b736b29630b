// `npm run start:cluster`: the campus as it is scaled out, on this machine: nginx on PORT (3000) in front
// of two API processes (CLUSTER_API_PORTS, 3101 and 3102) and two workers (CLUSTER_WORKERS), all on one
// PostgreSQL (DATABASE_URL; by default the database campus_cluster on 127.0.0.1:5432, made if missing)
// and one Redis. Every process is restarted when it stops; Ctrl+C stops them all.
import { createRequire } from 'node:module';
import path from 'node:path';
import { defaultLogLevel, importDemoContent, logLineFormatter, printReady, startDevIdpUnlessConfigured, startDevMailUnlessConfigured, superviseUntilStopped } from '../scripts/campus-start.mjs';
import { ensureBuilt, ensureInstalled, ensureLocalRedis, ROOT } from '../scripts/lib.mjs';
import { runOnPinnedNode } from '../scripts/pinned-node.mjs';
import { startCluster } from './cluster.mjs';

await runOnPinnedNode();

const DEFAULT_DATABASE = 'postgres://postgres@127.0.0.1:5432/campus_cluster';

/** The default database is made on first use; a DATABASE_URL given is used as it is. */
async function clusterDatabaseUrl() {
  if (process.env.DATABASE_URL) return process.env.DATABASE_URL;
  const { Client } = createRequire(path.join(ROOT, 'server', 'package.json'))('pg');
  const admin = new Client({ connectionString: DEFAULT_DATABASE.replace(/\/campus_cluster$/, '/postgres') });
  await admin.connect();
  try {
    const { rowCount } = await admin.query(`select 1 from pg_database where datname = 'campus_cluster'`);
    if (rowCount === 0) await admin.query('create database campus_cluster');
  } finally {
    await admin.end();
  }
  return DEFAULT_DATABASE;
}

/** Set once children run, so that a failure of this script takes them down with it. @type {() => void} */
let stopChildren = () => process.exit(1);

async function main() {
  ensureInstalled();
  ensureBuilt();
  const formatLine = await logLineFormatter();
  const port = Number(process.env.PORT ?? 3000);
  const apiPorts = (process.env.CLUSTER_API_PORTS ?? '3101,3102').split(',').map(Number);
  const workers = Number(process.env.CLUSTER_WORKERS ?? 2);
  const publicUrl = (process.env.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/$/, '');
  const databaseUrl = await clusterDatabaseUrl();
  await ensureLocalRedis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379');

  const { supervise, fail } = superviseUntilStopped();
  stopChildren = fail;
  const { issuer, useDevIdp } = await startDevIdpUnlessConfigured(supervise, publicUrl);
  const { smtpUrl, inboxUrl } = await startDevMailUnlessConfigured(supervise);
  const logLevel = defaultLogLevel();
  const env = { PUBLIC_URL: publicUrl, OIDC_ISSUER: issuer, LOG_LEVEL: logLevel, DATABASE_URL: databaseUrl, SMTP_URL: smtpUrl };
  importDemoContent(env);
  console.log(`API ${apiPorts.length} プロセス（ポート ${apiPorts.join('、')}）とワーカー ${workers} プロセスを起動しています…`);
  await startCluster({ supervise, env, listenPort: port, apiPorts, workers, runDir: path.join(ROOT, '.tmp', 'cluster'), formatLine });

  printReady({
    publicUrl,
    database: `PostgreSQL (${databaseUrl.replace(/\/\/[^@]*@/, '//')})`,
    processes: [
      `入口: nginx（ポート ${port}）→ API ${apiPorts.length} プロセス（ポート ${apiPorts.join('、')}）`,
      `ワーカー: ${workers} プロセス（止まっても自動で再起動します）`,
    ],
    logLevel,
    issuer,
    useDevIdp,
    inboxUrl,
  });
}

main().catch((error) => {
  console.error(error.message ?? error);
  stopChildren();
});
