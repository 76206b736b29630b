// `npm start`: install what is missing, build, then run the dev identity provider, the API (and, with
// DATABASE_URL, a separate worker). Without DATABASE_URL the embedded PGlite database in ./data is used.
import { ensureBuilt, ensureInstalled, ensureLocalRedis, httpOk, run, startChild, waitFor } from './lib.mjs';
import { createSupervisor } from './supervisor.mjs';
import { runOnPinnedNode } from './pinned-node.mjs';

await runOnPinnedNode();

const DEMO_ACCOUNTS = [
  ['learner-new', '新規 さくら', 'プロフィール未登録の受講者'],
  ['learner', '山田 太郎', 'プロフィール登録済みの受講者'],
  ['admin', '管理 花子', '管理者'],
];

/**
 * Set once children run, so that a failure of this script takes them down with it.
 * @type {(code: number) => void}
 */
let stopChildren = (code) => process.exit(code);

/**
 * On a terminal, outside production, the processes' JSON log lines are shown by pino-pretty (time, level,
 * message, then the fields); in production, in containers and when piped, the JSON stays as it is.
 */
async function logLineFormatter() {
  if (!process.stdout.isTTY || process.env.NODE_ENV === 'production') return undefined;
  const { prettyFactory } = await import('pino-pretty');
  const pretty = prettyFactory({ colorize: true, translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname', singleLine: true });
  return (line) => {
    if (!line.startsWith('{')) return line;
    try {
      return pretty(JSON.parse(line));
    } catch {
      return line;
    }
  };
}

async function main() {
  ensureInstalled();
  ensureBuilt();
  const formatLine = await logLineFormatter();

  const port = Number(process.env.PORT ?? 3000);
  const publicUrl = (process.env.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/$/, '');
  const idpPort = Number(process.env.DEV_IDP_PORT ?? 3001);
  const useDevIdp = !process.env.OIDC_ISSUER;
  const issuer = process.env.OIDC_ISSUER ?? `http://localhost:${idpPort}`;
  await ensureLocalRedis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379');

  // A child that exits is restarted with backoff (supervisor.mjs); only Ctrl+C / SIGTERM stops the campus.
  const { supervise, stopAll: stopSupervised } = createSupervisor();
  const stopAll = (code) => {
    stopSupervised();
    setTimeout(() => process.exit(code), 300).unref();
  };
  process.on('SIGINT', () => stopAll(0));
  process.on('SIGTERM', () => stopAll(0));
  stopChildren = stopAll;

  if (useDevIdp) {
    supervise('開発用 OpenID プロバイダー', () => startChild('dev-idp', process.execPath, ['infra/dev-idp/server.mjs'], {
      DEV_IDP_PORT: String(idpPort),
      DEV_IDP_ISSUER: issuer,
      DEV_IDP_REDIRECT_URIS: `${publicUrl}/api/v1/login/callback`,
      DEV_IDP_POST_LOGOUT_REDIRECT_URIS: `${publicUrl}/`,
    }, { quiet: true }));
    await waitFor(httpOk(`${issuer}/.well-known/openid-configuration`), { timeoutMs: 30_000, what: 'dev IdP' });
  }

  // Only what needs attention by default (LOG_LEVEL=info shows every request); production keeps info.
  const logLevel = process.env.LOG_LEVEL ?? (process.env.NODE_ENV === 'production' ? 'info' : 'warn');
  const env = { PORT: String(port), PUBLIC_URL: publicUrl, OIDC_ISSUER: issuer, LOG_LEVEL: logLevel };
  // The demo content: imported on the first start, a quick "nothing changed" afterwards.
  if (run(process.execPath, ['server/dist/content-import.js'], { env: { ...process.env, ...env } }) !== 0) {
    throw new Error('コンテンツの取り込みに失敗しました');
  }
  console.log(`API を起動しています（ポート ${port}）…`);
  supervise('API', () => startChild('api', process.execPath, ['--enable-source-maps', 'server/dist/main.js'], env, { formatLine }));
  if (process.env.DATABASE_URL) {
    console.log('ワーカーを別プロセスで起動しています…');
    supervise('ワーカー', () => startChild('worker', process.execPath, ['--enable-source-maps', 'server/dist/worker.js'], env, { formatLine }));
  }
  await waitFor(httpOk(`http://127.0.0.1:${port}/api/ready`), { timeoutMs: 120_000, what: 'campus API' });

  const database = process.env.DATABASE_URL ? 'PostgreSQL (DATABASE_URL)' : `組み込み PGlite (${process.env.DATA_DIR ?? './data'})`;
  const worker = process.env.DATABASE_URL ? '別プロセス（止まっても自動で再起動します）' : 'API と同じプロセス（組み込みデータベースは 1 プロセス専用のため）';
  console.log(`
キャンパスが起動しました: ${publicUrl}
  データベース: ${database}
  ワーカー: ${worker}
  ログ: ${logLevel} 以上を表示（LOG_LEVEL=info ですべてのリクエスト）
  ログイン: 開発用 OpenID プロバイダー ${issuer}${useDevIdp ? '' : '（外部）'}
${useDevIdp ? `  デモアカウント（パスワードはすべて campus）:\n${DEMO_ACCOUNTS.map(([id, name, note]) => `    ${id.padEnd(12)} ${name}（${note}）`).join('\n')}\n` : ''}  停止: Ctrl+C
`);
}

main().catch((error) => {
  console.error(error.message ?? error);
  stopChildren(1);
});
