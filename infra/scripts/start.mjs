// `npm start`: install what is missing, build, then run the dev identity provider, the dev mail catcher, the API (and, with
// DATABASE_URL, a separate worker). Without DATABASE_URL the embedded PGlite database in ./data is used.
import { defaultLogLevel, importDemoContent, logLineFormatter, printReady, startDevIdpUnlessConfigured, startDevMailUnlessConfigured, superviseUntilStopped } from './campus-start.mjs';
import { ensureBuilt, ensureInstalled, ensureLocalRedis, httpOk, startChild, waitFor } from './lib.mjs';
import { runOnPinnedNode } from './pinned-node.mjs';

await runOnPinnedNode();

/**
 * Set once children run, so that a failure of this script takes them down with it.
 * @type {() => void}
 */
let stopChildren = () => process.exit(1);

async function main() {
  ensureInstalled();
  ensureBuilt();
  const formatLine = await logLineFormatter();

  const port = Number(process.env.PORT ?? 3000);
  const publicUrl = (process.env.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/$/, '');
  await ensureLocalRedis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379');

  // A child that exits is restarted with backoff (supervisor.mjs); only Ctrl+C / SIGTERM stops the campus.
  const { supervise, fail } = superviseUntilStopped();
  stopChildren = fail;
  const { issuer, useDevIdp } = await startDevIdpUnlessConfigured(supervise, publicUrl);
  const { smtpUrl, inboxUrl } = await startDevMailUnlessConfigured(supervise);

  const logLevel = defaultLogLevel();
  const env = { PORT: String(port), PUBLIC_URL: publicUrl, OIDC_ISSUER: issuer, LOG_LEVEL: logLevel, SMTP_URL: smtpUrl };
  importDemoContent(env);
  console.log(`API を起動しています（ポート ${port}）…`);
  supervise('API', () => startChild('api', process.execPath, ['--enable-source-maps', 'server/dist/main.js'], env, { formatLine }));
  if (process.env.DATABASE_URL) {
    console.log('ワーカーを別プロセスで起動しています…');
    supervise('ワーカー', () => startChild('worker', process.execPath, ['--enable-source-maps', 'server/dist/worker.js'], env, { formatLine }));
  }
  await waitFor(httpOk(`http://127.0.0.1:${port}/api/ready`), { timeoutMs: 120_000, what: 'campus API' });

  printReady({
    publicUrl,
    database: process.env.DATABASE_URL ? 'PostgreSQL (DATABASE_URL)' : `組み込み PGlite (${process.env.DATA_DIR ?? './data'})`,
    processes: [
      `ワーカー: ${process.env.DATABASE_URL ? '別プロセス（止まっても自動で再起動します）' : 'API と同じプロセス（組み込みデータベースは 1 プロセス専用のため）'}`,
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
