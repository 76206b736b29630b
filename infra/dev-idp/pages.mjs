// HTML pages of the development OpenID Provider (Japanese UI).
// Every dynamic value goes through escapeHtml().

import { createHash } from 'node:crypto';

import { DEMO_ACCOUNTS, DEMO_PASSWORD, displayName } from './accounts.mjs';

const TITLE = '開発用ログイン';

/** @param {unknown} value */
export function escapeHtml(value) {
  return String(value ?? '')
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

const STYLE = `
:root { color-scheme: light; --ink: #1f2933; --muted: #52606d; --accent: #1d4ed8; --accent-dark: #1e3a8a; --line: #cbd2d9; --error: #b91c1c; }
* { box-sizing: border-box; }
body { margin: 0; font-family: "Hiragino Sans", "Noto Sans JP", "Yu Gothic", system-ui, sans-serif; color: var(--ink); background: #f5f7fa; line-height: 1.7; }
main { max-width: 40rem; margin: 2rem auto; padding: 1.5rem 2rem; background: #fff; border: 1px solid var(--line); border-radius: 8px; }
h1 { font-size: 1.35rem; margin: 0 0 .25rem; }
h2 { font-size: 1.05rem; margin: 1.75rem 0 .5rem; }
p.note { color: var(--muted); margin: 0 0 1rem; font-size: .95rem; }
.badge { display: inline-block; font-size: .8rem; padding: 0 .5rem; border-radius: 4px; background: #fef3c7; color: #92400e; border: 1px solid #fcd34d; }
label { display: block; font-weight: 600; margin-top: .75rem; }
input[type=text], input[type=password] { width: 100%; font-size: 1rem; padding: .55rem .7rem; border: 1px solid #7b8794; border-radius: 6px; }
input:focus-visible, button:focus-visible { outline: 3px solid #f59e0b; outline-offset: 2px; }
.actions { display: flex; gap: .75rem; margin-top: 1.25rem; flex-wrap: wrap; }
button { font: inherit; font-weight: 600; padding: .5rem 1.2rem; border-radius: 6px; cursor: pointer; border: 1px solid var(--accent); background: var(--accent); color: #fff; }
button:hover { background: var(--accent-dark); }
button.secondary { background: #fff; color: var(--accent-dark); }
button.secondary:hover { background: #eef2ff; }
.error { color: var(--error); border: 1px solid var(--error); background: #fef2f2; border-radius: 6px; padding: .5rem .75rem; margin: 1rem 0 0; }
table { width: 100%; border-collapse: collapse; font-size: .95rem; }
th, td { text-align: left; padding: .45rem .4rem; border-bottom: 1px solid var(--line); vertical-align: middle; }
th { font-weight: 600; color: var(--muted); }
td form { margin: 0; }
td button { padding: .3rem .7rem; font-size: .9rem; white-space: nowrap; }
code { font-family: ui-monospace, SFMono-Regular, Menlo, monospace; background: #f0f4f8; padding: 0 .25rem; border-radius: 3px; }
dl { display: grid; grid-template-columns: max-content 1fr; gap: .25rem 1rem; }
dt { font-weight: 600; }
dd { margin: 0; overflow-wrap: anywhere; }
.visually-hidden { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; }
`;

/**
 * sha256 hash source of an inline script, for the Content-Security-Policy header.
 * @param {string} script
 */
function scriptHash(script) {
  return `'sha256-${createHash('sha256').update(script).digest('base64')}'`;
}

/**
 * Content-Security-Policy for the pages rendered here.
 * @param {string} [inlineScript] the exact text of the single inline script, if any
 */
export function contentSecurityPolicy(inlineScript) {
  return [
    "default-src 'none'",
    "style-src 'unsafe-inline'",
    `script-src ${inlineScript ? scriptHash(inlineScript) : "'none'"}`,
    "img-src 'self' data:",
    "base-uri 'none'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/**
 * @param {{ title?: string, body: string, script?: string }} options
 */
function layout({ title = TITLE, body, script }) {
  return `<!DOCTYPE html>
<html lang="ja">
<head>
<meta charset="utf-8">
<link rel="icon" href="data:,">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)}</title>
<style>${STYLE}</style>
${script ? `<script>${script}</script>` : ''}
</head>
<body>
<main>
${body}
</main>
</body>
</html>`;
}

/**
 * Login page of an interaction.
 * @param {{ uid: string, clientName?: string, loginId?: string, error?: string }} options
 */
export function loginPage({ uid, clientName, loginId = '', error }) {
  const base = `/interaction/${encodeURIComponent(uid)}`;
  const loginAction = escapeHtml(`${base}/login`);
  const abortAction = escapeHtml(`${base}/abort`);

  const rows = DEMO_ACCOUNTS.map((account) => {
    const name = displayName(account);
    return `<tr>
<td>${escapeHtml(name)}<br><small>${escapeHtml(account.description)}</small></td>
<td><code>${escapeHtml(account.loginId)}</code></td>
<td>
<form method="post" action="${loginAction}">
<input type="hidden" name="login" value="${escapeHtml(account.loginId)}">
<input type="hidden" name="password" value="${escapeHtml(account.password)}">
<button type="submit" class="secondary">${escapeHtml(name)}でログイン</button>
</form>
</td>
</tr>`;
  }).join('\n');

  const errorBlock = error
    ? `<p class="error" role="alert" id="login-error">${escapeHtml(error)}</p>`
    : '';
  const describedBy = error ? ' aria-describedby="login-error" aria-invalid="true"' : '';

  const body = `
<p><span class="badge">開発環境専用</span></p>
<h1>学習キャンパス 開発用ログイン</h1>
<p class="note">${clientName ? `「${escapeHtml(clientName)}」へのログインです。` : ''}これは開発・テスト用の認証サーバーです。本番では使用しないでください。</p>
${errorBlock}
<form method="post" action="${loginAction}" aria-label="ログインフォーム">
<label for="login">ログインID</label>
<input type="text" id="login" name="login" autocomplete="username" autocapitalize="none" spellcheck="false" required value="${escapeHtml(loginId)}"${describedBy}${error ? ' autofocus' : ''}>
<label for="password">パスワード</label>
<input type="password" id="password" name="password" autocomplete="current-password" required${describedBy}>
<div class="actions">
<button type="submit">ログイン</button>
<button type="submit" class="secondary" form="abort-form">キャンセル</button>
</div>
</form>
<form method="post" action="${abortAction}" id="abort-form" hidden></form>

<h2 id="demo-accounts">デモアカウント</h2>
<p class="note">パスワードはすべて <code>${escapeHtml(DEMO_PASSWORD)}</code> です。ボタンを押すとそのアカウントでログインします。</p>
<table aria-labelledby="demo-accounts">
<thead><tr><th scope="col">氏名</th><th scope="col">ログインID</th><th scope="col"><span class="visually-hidden">操作</span></th></tr></thead>
<tbody>
${rows}
</tbody>
</table>
`;
  return layout({ body });
}

/**
 * Generic Japanese error page. Never includes a stack trace.
 * @param {{ error: string, description?: string, heading?: string }} options
 */
export function errorPage({ error, description, heading = 'エラーが発生しました' }) {
  const body = `
<h1>${escapeHtml(heading)}</h1>
<p class="note">認証処理を続行できませんでした。キャンパスのトップページからもう一度ログインしてください。</p>
<dl>
<dt>エラーコード</dt><dd><code>${escapeHtml(error)}</code></dd>
${description ? `<dt>詳細</dt><dd>${escapeHtml(description)}</dd>` : ''}
</dl>
`;
  return layout({ title: `エラー - ${TITLE}`, body });
}

/** The inline script of the logout page (also used for its CSP hash). */
export const LOGOUT_SCRIPT = "document.addEventListener('DOMContentLoaded',function(){var f=document.getElementById('op.logoutForm');if(f){f.submit();}});";

/**
 * Logout page. `form` is the provider-generated <form id="op.logoutForm"> (contains the xsrf token);
 * `logout=yes` is added so the whole IdP session ends, then the form submits itself.
 * @param {{ form: string }} options
 */
export function logoutPage({ form }) {
  const fullForm = form.replace('</form>', '<input type="hidden" name="logout" value="yes"></form>');
  const body = `
<h1>ログアウトしています…</h1>
<p class="note">自動的に移動しない場合は、下のボタンを押してください。</p>
${fullForm}
<div class="actions">
<button type="submit" form="op.logoutForm">ログアウト</button>
</div>
`;
  return layout({ title: `ログアウト - ${TITLE}`, body, script: LOGOUT_SCRIPT });
}

/**
 * Shown after logout when no post_logout_redirect_uri was given.
 * @param {{ clientName?: string }} options
 */
export function postLogoutPage({ clientName }) {
  const body = `
<h1>ログアウトしました</h1>
<p class="note">${clientName ? `「${escapeHtml(clientName)}」から` : ''}ログアウトしました。このウィンドウを閉じてもかまいません。</p>
`;
  return layout({ title: `ログアウトしました - ${TITLE}`, body });
}
