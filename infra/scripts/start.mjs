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

async function main() {
  ensureInstalled();
  ensureBuilt();

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

  const env = { PORT: String(port), PUBLIC_URL: publicUrl, OIDC_ISSUER: issuer };
  // The demo content: imported on the first start, a quick "nothing changed" afterwards.
  if (run(process.execPath, ['server/dist/content-import.js'], { env: { ...process.env, ...env } }) !== 0) {
    throw new Error('コンテンツの取り込みに失敗しました');
  }
  supervise('API', () => startChild('api', process.execPath, ['--enable-source-maps', 'server/dist/main.js'], env));
  if (process.env.DATABASE_URL) {
    supervise('ワーカー', () => startChild('worker', process.execPath, ['--enable-source-maps', 'server/dist/worker.js'], env));
  }
  await waitFor(httpOk(`http://127.0.0.1:${port}/api/ready`), { timeoutMs: 120_000, what: 'campus API' });

  const database = process.env.DATABASE_URL ? 'PostgreSQL (DATABASE_URL)' : `組み込み PGlite (${process.env.DATA_DIR ?? './data'})`;
  console.log(`
キャンパスが起動しました: ${publicUrl}
  データベース: ${database}
  ログイン: 開発用 OpenID プロバイダー ${issuer}${useDevIdp ? '' : '（外部）'}
${useDevIdp ? `  デモアカウント（パスワードはすべて campus）:\n${DEMO_ACCOUNTS.map(([id, name, note]) => `    ${id.padEnd(12)} ${name}（${note}）`).join('\n')}\n` : ''}  停止: Ctrl+C
`);
}

main().catch((error) => {
  console.error(error.message ?? error);
  stopChildren(1);
});
