#!/usr/bin/env node
// Development / test OpenID Connect provider for the campus (oidc-provider 9).
// Run: node infra/dev-idp/server.mjs   (see infra/dev-idp/README.md)
//
// NOT for production: in-memory storage, demo accounts with a shared password,
// signing key generated at start, constant cookie key.

import { generateKeyPairSync, randomUUID } from 'node:crypto';
import { createServer } from 'node:http';

import Provider from 'oidc-provider';

import { authenticate, claimsOf, findBySub } from './accounts.mjs';
import {
  contentSecurityPolicy,
  errorPage,
  LOGOUT_SCRIPT,
  loginPage,
  logoutPage,
  postLogoutPage,
} from './pages.mjs';

// ---------------------------------------------------------------------------
// Configuration (environment variables)
// ---------------------------------------------------------------------------

/** @param {string | undefined} value @param {string} fallback */
function list(value, fallback) {
  const items = (value ?? fallback).split(',').map((item) => item.trim()).filter(Boolean);
  return items.length ? items : fallback.split(',');
}

const port = Number.parseInt(process.env.DEV_IDP_PORT ?? '3001', 10);
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  throw new Error(`DEV_IDP_PORT is not a valid port: ${process.env.DEV_IDP_PORT}`);
}
// Unset: listen on both loopback addresses (127.0.0.1 and ::1) so that "localhost" works
// whichever address family a client resolves it to.
const hostSetting = process.env.DEV_IDP_HOST?.trim() || undefined;
const issuer = (process.env.DEV_IDP_ISSUER?.trim() || `http://localhost:${port}`).replace(/\/+$/, '');
const clientId = process.env.OIDC_CLIENT_ID?.trim() || 'campus-local';
const clientSecret = process.env.OIDC_CLIENT_SECRET || 'campus-dev-secret';
const redirectUris = list(process.env.DEV_IDP_REDIRECT_URIS, 'http://localhost:3000/api/v1/login/callback');
const postLogoutRedirectUris = list(process.env.DEV_IDP_POST_LOGOUT_REDIRECT_URIS, 'http://localhost:3000/');

// ---------------------------------------------------------------------------
// Provider
// ---------------------------------------------------------------------------

/** Fresh RS256 signing key for this process (tokens from a previous run are not valid anymore). */
function signingKeys() {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const jwk = privateKey.export({ format: 'jwk' });
  return { keys: [{ ...jwk, kid: `dev-idp-${randomUUID()}`, use: 'sig', alg: 'RS256' }] };
}

/** @type {Record<string, string>} */
const JA_ERROR_DESCRIPTIONS = {
  invalid_request: 'リクエストが正しくありません。',
  invalid_client: 'クライアントを認証できませんでした。',
  invalid_redirect_uri: 'redirect_uri が登録されていません。',
  unauthorized_client: 'このクライアントには許可されていない操作です。',
  access_denied: 'アクセスが拒否されました。',
  unsupported_response_type: 'サポートされていない response_type です。',
  invalid_scope: 'スコープが正しくありません。',
  invalid_grant: '認可コードが無効か、期限切れです。',
  login_required: 'ログインが必要です。',
  consent_required: '同意が必要です。',
  interaction_required: '操作が必要です。',
  session_not_found: 'ログイン手続きの情報が見つかりません（期限切れの可能性があります）。',
  server_error: 'サーバー内部でエラーが発生しました。',
  not_found: 'ページが見つかりません。',
};

/** @param {string} code */
function japaneseDescription(code) {
  return JA_ERROR_DESCRIPTIONS[code] ?? '認証処理中にエラーが発生しました。';
}

/** @typedef {{ type: string, body: unknown, set(name: string, value: string): void }} HtmlContext */

/**
 * Writes an HTML body on a Koa context of oidc-provider.
 * @param {HtmlContext} ctx
 * @param {string} html
 * @param {string} [script]
 */
function sendHtml(ctx, html, script) {
  ctx.type = 'html';
  ctx.set('Content-Security-Policy', contentSecurityPolicy(script));
  ctx.set('X-Content-Type-Options', 'nosniff');
  ctx.body = html;
}

const provider = new Provider(issuer, {
  clients: [
    {
      client_id: clientId,
      client_secret: clientSecret,
      client_name: '学習キャンパス（ローカル開発）',
      token_endpoint_auth_method: 'client_secret_basic',
      response_types: ['code'],
      grant_types: ['authorization_code'],
      redirect_uris: redirectUris,
      post_logout_redirect_uris: postLogoutRedirectUris,
      id_token_signed_response_alg: 'RS256',
    },
  ],
  jwks: signingKeys(),
  cookies: {
    // Cookies ignore ports: the campus on localhost:3000 sees these cookies too, so use
    // names that cannot collide with the campus' own cookies.
    names: {
      session: 'devidp_session',
      interaction: 'devidp_interaction',
      resume: 'devidp_interaction_resume',
    },
    // Plain http on localhost: no `secure` flag (oidc-provider only adds it on https requests).
    long: { httpOnly: true, sameSite: 'lax', signed: true },
    short: { httpOnly: true, sameSite: 'lax', signed: true },
    keys: ['dev-idp-cookie-signing-key-not-a-secret'],
  },
  responseTypes: ['code'],
  scopes: ['openid', 'profile', 'email'],
  claims: {
    acr: null,
    auth_time: null,
    iss: null,
    sid: null,
    openid: ['sub'],
    profile: ['name', 'family_name', 'given_name', 'picture', 'campus_role'],
    email: ['email', 'email_verified'],
  },
  // Put the scope claims into the ID token as well (the relying party reads them from there).
  conformIdTokenClaims: false,
  pkce: { required: () => true },
  features: {
    devInteractions: { enabled: false },
    userinfo: { enabled: true },
    revocation: { enabled: true },
    rpInitiatedLogout: {
      enabled: true,
      /** @param {HtmlContext} ctx @param {string} form */
      async logoutSource(ctx, form) {
        sendHtml(ctx, logoutPage({ form }), LOGOUT_SCRIPT);
      },
      /** @param {HtmlContext & { oidc: { client?: { clientName?: string, clientId: string } } }} ctx */
      async postLogoutSuccessSource(ctx) {
        const client = ctx.oidc.client;
        sendHtml(ctx, postLogoutPage({ clientName: client?.clientName ?? client?.clientId }));
      },
    },
  },
  interactions: {
    /** @param {unknown} _ctx @param {{ uid: string }} interaction */
    url: (_ctx, interaction) => `/interaction/${interaction.uid}`,
  },
  /** @param {unknown} _ctx @param {string} sub */
  async findAccount(_ctx, sub) {
    const account = findBySub(sub);
    if (!account) return undefined;
    return {
      accountId: account.sub,
      async claims() {
        return claimsOf(account);
      },
    };
  },
  /** @param {HtmlContext} ctx @param {Record<string, unknown>} out */
  async renderError(ctx, out) {
    const code = typeof out.error === 'string' ? out.error : 'server_error';
    const detail = typeof out.error_description === 'string' ? out.error_description : '';
    sendHtml(ctx, errorPage({
      error: code,
      description: `${japaneseDescription(code)}${detail ? `（${detail}）` : ''}`,
    }));
  },
  clientBasedCORS: () => false,
  ttl: {
    AccessToken: 60 * 60,
    AuthorizationCode: 60,
    IdToken: 60 * 60,
    Interaction: 60 * 60,
    Session: 24 * 60 * 60,
    Grant: 24 * 60 * 60,
  },
});
// No reverse proxy in front of the dev IdP: do not trust X-Forwarded-* headers.
provider.proxy = false;

provider.on('server_error', (/** @type {unknown} */ _ctx, /** @type {unknown} */ error) => {
  console.error('dev-idp: server_error', error);
});

// ---------------------------------------------------------------------------
// Interaction routes (login page, login form, cancel)
// ---------------------------------------------------------------------------

const LOGIN_FAILED = 'ログインIDまたはパスワードが正しくありません。';
const CANCEL_DESCRIPTION = 'ユーザーがログインをキャンセルしました';
const MAX_FORM_BYTES = 16 * 1024;

class HttpError extends Error {
  /** @param {number} status @param {string} code @param {string} [description] */
  constructor(status, code, description) {
    super(code);
    this.status = status;
    this.code = code;
    this.description = description;
  }
}

/**
 * @param {import('node:http').ServerResponse} res
 * @param {number} status
 * @param {string} html
 */
function writeHtml(res, status, html) {
  res.statusCode = status;
  res.setHeader('Content-Type', 'text/html; charset=utf-8');
  res.setHeader('Cache-Control', 'no-store');
  res.setHeader('Content-Security-Policy', contentSecurityPolicy());
  res.setHeader('X-Content-Type-Options', 'nosniff');
  res.setHeader('Referrer-Policy', 'no-referrer');
  res.end(html);
}

/** @param {import('node:http').IncomingMessage} req @returns {Promise<URLSearchParams>} */
async function readForm(req) {
  const type = (req.headers['content-type'] ?? '').split(';')[0].trim().toLowerCase();
  if (type !== 'application/x-www-form-urlencoded') {
    throw new HttpError(415, 'invalid_request', 'フォームは application/x-www-form-urlencoded で送信してください。');
  }
  const chunks = [];
  let size = 0;
  for await (const chunk of req) {
    size += chunk.length;
    if (size > MAX_FORM_BYTES) throw new HttpError(413, 'invalid_request', 'フォームのデータが大きすぎます。');
    chunks.push(chunk);
  }
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
}

/**
 * Loads the interaction bound to the browser (cookie) and checks it is the one in the URL.
 * @param {import('node:http').IncomingMessage} req
 * @param {import('node:http').ServerResponse} res
 * @param {string} uid
 */
async function loadInteraction(req, res, uid) {
  let details;
  try {
    details = await provider.interactionDetails(req, res);
  } catch (error) {
    if (error instanceof Error && error.name === 'SessionNotFound') {
      throw new HttpError(400, 'session_not_found');
    }
    throw error;
  }
  if (details.uid !== uid) throw new HttpError(400, 'session_not_found');
  return details;
}

/**
 * Creates (or extends) the grant for the requested OIDC scopes and claims.
 * The campus is a first-party client, so consent is always given implicitly.
 * @param {Awaited<ReturnType<typeof loadInteraction>>} details
 * @param {string} accountId
 */
async function grantRequested(details, accountId) {
  const { params, prompt, grantId } = details;
  let grant = grantId ? await provider.Grant.find(grantId) : undefined;
  if (!grant || grant.accountId !== accountId) {
    grant = new provider.Grant({ accountId, clientId: String(params.client_id) });
  }
  const promptDetails = /** @type {Record<string, unknown>} */ (prompt.details ?? {});
  const scopes = new Set(String(params.scope ?? '').split(' ').filter(Boolean));
  if (Array.isArray(promptDetails.missingOIDCScope)) {
    for (const scope of promptDetails.missingOIDCScope) scopes.add(String(scope));
  }
  if (scopes.size) grant.addOIDCScope([...scopes].join(' '));
  if (Array.isArray(promptDetails.missingOIDCClaims) && promptDetails.missingOIDCClaims.length) {
    grant.addOIDCClaims(promptDetails.missingOIDCClaims.map(String));
  }
  if (promptDetails.missingResourceScopes && typeof promptDetails.missingResourceScopes === 'object') {
    for (const [indicator, resourceScopes] of Object.entries(promptDetails.missingResourceScopes)) {
      grant.addResourceScope(indicator, /** @type {string[]} */ (resourceScopes).join(' '));
    }
  }
  return grant.save();
}

/**
 * @param {import('node:http').IncomingMessage} req
 * @param {import('node:http').ServerResponse} res
 * @param {string} uid
 * @param {string | undefined} action
 */
async function handleInteraction(req, res, uid, action) {
  const method = req.method ?? 'GET';

  if (action === undefined && (method === 'GET' || method === 'HEAD')) {
    const details = await loadInteraction(req, res, uid);
    if (details.prompt.name === 'login') {
      const client = await provider.Client.find(String(details.params.client_id));
      writeHtml(res, 200, loginPage({ uid, clientName: client?.clientName }));
      return;
    }
    if (details.prompt.name === 'consent') {
      const accountId = details.session?.accountId;
      if (!accountId) throw new HttpError(400, 'session_not_found');
      const grantId = await grantRequested(details, accountId);
      await provider.interactionFinished(req, res, { consent: { grantId } }, { mergeWithLastSubmission: true });
      return;
    }
    throw new HttpError(400, 'invalid_request', `未対応のプロンプトです: ${details.prompt.name}`);
  }

  if (action === 'login' && method === 'POST') {
    const form = await readForm(req);
    const details = await loadInteraction(req, res, uid);
    const loginId = form.get('login') ?? '';
    const account = authenticate(loginId, form.get('password') ?? '');
    if (!account) {
      const client = await provider.Client.find(String(details.params.client_id));
      writeHtml(res, 401, loginPage({ uid, clientName: client?.clientName, loginId, error: LOGIN_FAILED }));
      return;
    }
    // Log in and give (first-party) consent in one step; a later consent prompt is
    // still answered automatically by the GET handler above.
    const grantId = await grantRequested(details, account.sub);
    await provider.interactionFinished(req, res, {
      login: { accountId: account.sub, amr: ['pwd'] },
      consent: { grantId },
    }, { mergeWithLastSubmission: false });
    return;
  }

  if (action === 'abort' && method === 'POST') {
    await loadInteraction(req, res, uid);
    await provider.interactionFinished(req, res, {
      error: 'access_denied',
      error_description: CANCEL_DESCRIPTION,
    }, { mergeWithLastSubmission: false });
    return;
  }

  throw new HttpError(405, 'invalid_request', 'このURLではその操作はできません。');
}

// ---------------------------------------------------------------------------
// HTTP server
// ---------------------------------------------------------------------------

const INTERACTION_PATH = /^\/interaction\/([A-Za-z0-9_-]+)(?:\/(login|abort))?\/?$/;
const providerCallback = provider.callback();

/** @type {import('node:http').RequestListener} */
async function onRequest(req, res) {
  const path = (req.url ?? '/').split('?')[0];
  if (!path.startsWith('/interaction/')) {
    providerCallback(req, res);
    return;
  }
  try {
    const match = INTERACTION_PATH.exec(path);
    if (!match) throw new HttpError(404, 'not_found');
    await handleInteraction(req, res, match[1], match[2]);
  } catch (error) {
    if (res.headersSent) {
      res.destroy();
      return;
    }
    if (error instanceof HttpError) {
      writeHtml(res, error.status, errorPage({
        error: error.code,
        description: error.description ?? japaneseDescription(error.code),
      }));
      return;
    }
    console.error('dev-idp: interaction error', error);
    writeHtml(res, 500, errorPage({ error: 'server_error', description: japaneseDescription('server_error') }));
  }
}

/** @param {string} host @returns {Promise<import('node:http').Server>} */
function listenOn(host) {
  return new Promise((resolve, reject) => {
    const server = createServer((req, res) => {
      void onRequest(req, res);
    });
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve(server);
    });
  });
}

/** @type {import('node:http').Server[]} */
const servers = [];
if (hostSetting) {
  servers.push(await listenOn(hostSetting));
} else {
  servers.push(await listenOn('127.0.0.1'));
  try {
    servers.push(await listenOn('::1'));
  } catch (error) {
    // No IPv6 loopback on this machine: IPv4 only is fine.
    const code = /** @type {NodeJS.ErrnoException} */ (error).code;
    if (code !== 'EADDRNOTAVAIL' && code !== 'EAFNOSUPPORT') throw error;
  }
}

console.log(`dev-idp listening on ${issuer}`);

let shuttingDown = false;
function shutdown() {
  if (shuttingDown) return;
  shuttingDown = true;
  // Give in-flight requests a moment, then drop whatever is left.
  setTimeout(() => {
    for (const server of servers) server.closeAllConnections();
  }, 2000).unref();
  Promise.all(servers.map((server) => new Promise((resolve) => {
    server.close(() => resolve(undefined));
    server.closeIdleConnections();
  }))).then(() => process.exit(0), () => process.exit(1));
}
process.once('SIGTERM', shutdown);
process.once('SIGINT', shutdown);
