// The steps `npm start` (start.mjs) and `npm run start:cluster` (infra/scale/start-cluster.mjs) share:
// the readable console, the development identity provider, the demo content and the closing summary.
import { freePort, httpOk, run, startChild, waitFor } from './lib.mjs';
import { createSupervisor } from './supervisor.mjs';

const DEMO_ACCOUNTS = [
  ['learner-new', '新規 さくら', 'プロフィール未登録の受講者'],
  ['learner', '山田 太郎', 'プロフィール登録済みの受講者'],
  ['admin', '管理 花子', '管理者'],
];

/**
 * On a terminal, outside production, the processes' JSON log lines are shown by pino-pretty (time, level,
 * message, then the fields); in production, in containers and when piped, the JSON stays as it is.
 */
export async function logLineFormatter() {
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

/** Only what needs attention by default (LOG_LEVEL=info shows every request); production keeps info. */
export const defaultLogLevel = () => process.env.LOG_LEVEL ?? (process.env.NODE_ENV === 'production' ? 'info' : 'warn');

/**
 * The supervisor of this script's children; Ctrl+C or SIGTERM stops them all. A failure of the script
 * after this point stops them too (`fail`).
 */
export function superviseUntilStopped() {
  const { supervise, stopAll: stopSupervised } = createSupervisor();
  const stopAll = (code) => {
    stopSupervised();
    setTimeout(() => process.exit(code), 300).unref();
  };
  process.on('SIGINT', () => stopAll(0));
  process.on('SIGTERM', () => stopAll(0));
  return { supervise, fail: () => stopAll(1) };
}

/** The development OpenID provider, unless OIDC_ISSUER names a real one; resolves with the issuer. */
export async function startDevIdpUnlessConfigured(supervise, publicUrl) {
  const idpPort = Number(process.env.DEV_IDP_PORT ?? 3001);
  const issuer = process.env.OIDC_ISSUER ?? `http://localhost:${idpPort}`;
  if (process.env.OIDC_ISSUER) return { issuer, useDevIdp: false };
  supervise('開発用 OpenID プロバイダー', () => startChild('dev-idp', process.execPath, ['infra/dev-idp/server.mjs'], {
    DEV_IDP_PORT: String(idpPort),
    DEV_IDP_ISSUER: issuer,
    DEV_IDP_REDIRECT_URIS: `${publicUrl}/api/v1/login/callback`,
    DEV_IDP_POST_LOGOUT_REDIRECT_URIS: `${publicUrl}/`,
  }, { quiet: true }));
  await waitFor(httpOk(`${issuer}/.well-known/openid-configuration`), { timeoutMs: 30_000, what: 'dev IdP' });
  return { issuer, useDevIdp: true };
}

/**
 * The development mail catcher (infra/dev-mail), unless SMTP_URL names a real server: resolves with the SMTP
 * URL the API and worker send through and the inbox page (null for a real server).
 */
export async function startDevMailUnlessConfigured(supervise) {
  if (process.env.SMTP_URL) return { smtpUrl: process.env.SMTP_URL, inboxUrl: null };
  const smtpPort = Number(process.env.DEV_SMTP_PORT ?? (await freePort()));
  const mailPort = Number(process.env.DEV_MAIL_PORT ?? 3002);
  const inboxUrl = `http://localhost:${mailPort}`;
  supervise('開発用メールボックス', () => startChild('dev-mail', process.execPath, ['infra/dev-mail/server.mjs'], { DEV_SMTP_PORT: String(smtpPort), DEV_MAIL_PORT: String(mailPort) }, { quiet: true }));
  await waitFor(httpOk(`http://127.0.0.1:${mailPort}/`), { timeoutMs: 30_000, what: 'dev mail catcher' });
  return { smtpUrl: `smtp://127.0.0.1:${smtpPort}`, inboxUrl };
}

/** The demo content: imported on the first start, a quick "nothing changed" afterwards. */
export function importDemoContent(env) {
  if (run(process.execPath, ['server/dist/content-import.js'], { env: { ...process.env, ...env } }) !== 0) {
    throw new Error('コンテンツの取り込みに失敗しました');
  }
}

/** The closing lines: where the campus is and how it runs. */
export function printReady({ publicUrl, database, processes, logLevel, issuer, useDevIdp, inboxUrl }) {
  console.log(`
キャンパスが起動しました: ${publicUrl}
  データベース: ${database}
${processes.map((line) => `  ${line}`).join('\n')}
  ログ: ${logLevel} 以上を表示（LOG_LEVEL=info ですべてのリクエスト）
  ログイン: 開発用 OpenID プロバイダー ${issuer}${useDevIdp ? '' : '（外部）'}
  メール: ${inboxUrl ? `開発用メールボックス ${inboxUrl}（外部には送られません）` : 'SMTP_URL のサーバーから送信'}
${useDevIdp ? `  デモアカウント（パスワードはすべて campus）:\n${DEMO_ACCOUNTS.map(([id, name, note]) => `    ${id.padEnd(12)} ${name}（${note}）`).join('\n')}\n` : ''}  停止: Ctrl+C
`);
}
