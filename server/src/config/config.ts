import ipaddr from 'ipaddr.js';
import { z } from 'zod';
import { loginCallback } from '../contracts/routes/identity.js';
import { DEFAULT_RATE_LIMITS, RATE_LIMIT_CLASSES, type RateLimit, type RateLimitClass } from '../contracts/rate-limits.js';

const booleanFlag = z
  .enum(['true', 'false', '1', '0'])
  .transform((value) => value === 'true' || value === '1');

const commaList = z
  .string()
  .transform((value) => value.split(',').map((item) => item.trim()).filter(Boolean));

const rateLimitOverrides = commaList.pipe(
  z.array(
    z
      .string()
      .regex(
        new RegExp(`^(${RATE_LIMIT_CLASSES.join('|')})\\.(perIp|perUser)=[1-9][0-9]{0,8}$`),
        `entries like login.perIp=300 (classes: ${RATE_LIMIT_CLASSES.join(', ')})`,
      )
      .transform((entry) => {
        const [, routeClass, dimension, value] = /^(\w+)\.(\w+)=(\d+)$/.exec(entry)!;
        return { routeClass: routeClass as RateLimitClass, dimension: dimension as 'perIp' | 'perUser', value: Number(value) };
      }),
  ),
);

/** The ranges Fastify's trustProxy knows by name (besides addresses and CIDR blocks). */
const NAMED_PROXY_RANGES = ['loopback', 'linklocal', 'uniquelocal'];

const trustProxy = z.string().transform((value, context): boolean | string[] => {
  const trimmed = value.trim();
  if (trimmed === 'true' || trimmed === 'false') return trimmed === 'true';
  if (/^\d+$/.test(trimmed)) {
    // Fastify 5.12 trusts nothing for a bare hop count (it cannot tell the proxy from a client that
    // sends enough hops): refused here rather than silently meaning `false`.
    context.addIssue({ code: 'custom', message: "a hop count is not accepted: name the proxy's addresses (e.g. 127.0.0.1 or 10.0.0.5)" });
    return z.NEVER;
  }
  const entries = trimmed.split(',').map((item) => item.trim()).filter(Boolean);
  for (const entry of entries) {
    if (!NAMED_PROXY_RANGES.includes(entry) && !ipaddr.isValid(entry) && !ipaddr.isValidCIDR(entry)) {
      context.addIssue({ code: 'custom', message: `${entry}: not an address, a CIDR block or one of ${NAMED_PROXY_RANGES.join(', ')}` });
    }
  }
  return entries;
});

/** A range of more than this many addresses is "whole ranges" for the production warning below. */
const LARGEST_QUIET_PROXY_RANGE = 256;

/**
 * The TRUST_PROXY entries that trust whole address ranges rather than the proxies themselves: `true`,
 * `linklocal`, `uniquelocal`, and CIDR blocks of more than 256 addresses.
 */
function broadProxyTrust(trust: boolean | string[]): string[] {
  if (trust === true) return ['true'];
  if (trust === false) return [];
  return trust.filter((entry) => {
    if (entry === 'linklocal' || entry === 'uniquelocal') return true;
    if (!ipaddr.isValidCIDR(entry)) return false;
    const [address, prefix] = ipaddr.parseCIDR(entry);
    return 2 ** ((address.kind() === 'ipv4' ? 32 : 128) - prefix) > LARGEST_QUIET_PROXY_RANGE;
  });
}

/**
 * Public keys that signed credentials before a key rotation: a JSON array of Ed25519 JWKs (only `x` is
 * kept, so pasting the old private JWK publishes nothing more than its public half).
 */
const previousPublicKeys = z
  .string()
  .transform((value, context) => {
    try {
      return JSON.parse(value) as unknown;
    } catch {
      context.addIssue({ code: 'custom', message: 'a JSON array of Ed25519 public JWKs, e.g. [{"kty":"OKP","crv":"Ed25519","x":"…"}]' });
      return z.NEVER;
    }
  })
  .pipe(
    z
      .array(z.object({ kty: z.literal('OKP'), crv: z.literal('Ed25519'), x: z.string().regex(/^[\w-]{43}$/, 'the base64url public key (43 characters)') }))
      .transform((keys) => keys.map(({ x }) => x)),
  );

type RateLimitOverride = z.infer<typeof rateLimitOverrides>[number];

/** The defaults, overridden one by one, then scaled; a limit never drops below 1. */
function rateLimitsOf(scale: number, overrides: readonly RateLimitOverride[]): Record<RateLimitClass, RateLimit> {
  const scaled = (value: number) => Math.max(1, Math.round(value * scale));
  return Object.fromEntries(
    RATE_LIMIT_CLASSES.map((routeClass) => {
      const limit = { ...DEFAULT_RATE_LIMITS[routeClass] };
      for (const override of overrides) if (override.routeClass === routeClass) limit[override.dimension] = override.value;
      return [routeClass, { ...limit, perIp: scaled(limit.perIp), perUser: limit.perUser === null ? null : scaled(limit.perUser) }];
    }),
  ) as Record<RateLimitClass, RateLimit>;
}

const environmentSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  PUBLIC_URL: z.url().optional(),
  ALLOWED_ORIGINS: commaList.default([]),
  SITE_NAME: z.string().min(1).default('マーケティング学習キャンパス'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** After SIGTERM a process finishes its requests and jobs for at most this long, then exits anyway. */
  SHUTDOWN_GRACE_SECONDS: z.coerce.number().int().min(1).max(600).default(25),

  DATABASE_URL: z.string().optional(),
  DATA_DIR: z.string().default('./data'),
  /** Media storage: slide-deck PDFs and other files the campus serves (the approved storage host in development). */
  MEDIA_DIR: z.string().optional(),
  CERTIFICATE_DIR: z.string().optional(),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(100).default(10),
  /** Where the media storage is published; the campus's own /media/ in development. */
  MEDIA_BASE_URL: z.url().optional(),
  /** Origins the download proxy may fetch from, besides the campus's own media storage. */
  STORAGE_HOSTS: commaList.pipe(z.array(z.url('an origin like https://storage.example.com'))).default([]),
  /** Tests only: let approved storage hosts resolve to loopback / private addresses. */
  STORAGE_ALLOW_PRIVATE_ADDRESSES: booleanFlag.default(false),
  DOWNLOAD_MAX_BYTES: z.coerce.number().int().min(1).default(200 * 1024 * 1024),
  /** The whole upstream download (connection, headers and body) must end within this time. */
  DOWNLOAD_TIMEOUT_SECONDS: z.coerce.number().int().min(1).default(30),
  /** Upstream downloads one API process runs at once; more answer 503 with Retry-After. */
  DOWNLOAD_MAX_CONCURRENT: z.coerce.number().int().min(1).default(20),

  REDIS_URL: z.string().default('redis://127.0.0.1:6379'),
  REDIS_PREFIX: z.string().min(1).default('campus'),

  /** Multiplies every rate limit (contracts/rate-limits.ts); test and benchmark processes raise it. */
  RATE_LIMIT_SCALE: z.coerce.number().positive().max(1_000_000).default(1),
  /** Single overrides, e.g. `login.perIp=300,learnerWrite.perUser=200` (before the scale). */
  RATE_LIMITS: rateLimitOverrides.default([]),
  /**
   * Which peers may tell the client address in X-Forwarded-For (the per-address rate limits count by
   * it): `true`, `false`, or addresses / CIDR blocks / `loopback`, `linklocal`, `uniquelocal`. The
   * default trusts loopback only, where the project's nginx runs: another machine of a private
   * network cannot pick its own address. A proxy elsewhere is named by its address.
   */
  TRUST_PROXY: trustProxy.default(['loopback']),

  OIDC_ISSUER: z.url().default('http://localhost:3001'),
  OIDC_CLIENT_ID: z.string().min(1).default('campus-local'),
  OIDC_CLIENT_SECRET: z.string().min(1).default('campus-dev-secret'),
  /** Plain-http issuers are refused unless this is set; it defaults to on outside production. */
  OIDC_ALLOW_INSECURE_ISSUER: booleanFlag.optional(),
  ADMIN_SUBJECTS: commaList.default([]),

  SESSION_IDLE_MINUTES: z.coerce.number().int().min(1).default(120),
  SESSION_ABSOLUTE_HOURS: z.coerce.number().int().min(1).default(24 * 14),
  /** How often each API process re-checks its sockets' sessions (expiry, role). */
  SOCKET_SESSION_CHECK_SECONDS: z.coerce.number().int().min(1).default(30),

  CLIENT_DIST_DIR: z.string().optional(),
  RUN_WORKER_IN_PROCESS: booleanFlag.optional(),
  /**
   * Bearer token a Prometheus scraper sends to /metrics. Set, /metrics asks for it everywhere; unset,
   * /metrics is open outside production and off (404) in production.
   */
  METRICS_TOKEN: z.string().min(24, 'at least 24 characters (e.g. openssl rand -hex 24)').optional(),
  /** The OpenAPI document at /api/docs for everyone; defaults to on outside production, admins only in production. */
  API_DOCS_PUBLIC: booleanFlag.optional(),
  /** The separate worker answers GET /health on this port (200 ok, 503 degraded) when it is set. */
  WORKER_HEALTH_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  TERMS_VERSION: z.string().min(1).default('2026-04-01'),
  /**
   * The Ed25519 key that signs Open Badges credentials: a private JWK (JSON) or a PKCS#8 PEM. Unset,
   * one is generated at first start and kept in DATA_DIR/credential-signing-key.json.
   */
  CREDENTIAL_SIGNING_KEY: z.string().min(1).optional(),
  /** After a rotation: the public keys that signed earlier credentials, still published so those verify. */
  CREDENTIAL_PREVIOUS_PUBLIC_KEYS: previousPublicKeys.optional(),
  /** The issuer's contact address written into every credential's issuer profile; unset, credentials@<PUBLIC_URL's host>. */
  CREDENTIAL_ISSUER_EMAIL: z.email('an e-mail address such as credentials@campus.example.jp').optional(),
  /** The campus's LinkedIn company page id: LinkedIn's add-to-profile link then shows its logo and links to it. */
  LINKEDIN_ORGANIZATION_ID: z.string().regex(/^\d{1,20}$/, 'the numeric id of a LinkedIn company page').optional(),
  /**
   * The SMTP server the worker sends learners' mail through, e.g. smtp://user:pass@mail.example.jp:587 (STARTTLS
   * when offered) or smtps://…:465. Unset, no mail leaves (`npm start` sets it to its local mail catcher).
   */
  SMTP_URL: z.url({ protocol: /^smtps?$/, error: 'an SMTP URL such as smtp://mail.example.jp:587 or smtps://mail.example.jp:465' }).optional(),
  /** The From of every mail. */
  MAIL_FROM: z.string().min(3).default('マーケティング学習キャンパス <no-reply@campus.localhost>'),
  /**
   * Signs the mails' unsubscribe links (HMAC-SHA256): at least 32 characters. Unset, one is generated at first
   * use and kept in DATA_DIR/mail-token-secret; every API process and worker must share it.
   */
  MAIL_TOKEN_SECRET: z.string().min(32, 'at least 32 characters (e.g. openssl rand -hex 32)').optional(),
  /** Gives the dev IdP's demo learner a profile and accepted agreements at start; on by default outside production. */
  DEMO_SEED: booleanFlag.optional(),
  /** Analytics trackers (spec §2, §7); each is loaded only when its id is set. */
  TAG_MANAGER_ID: z.string().regex(/^GTM-[A-Z0-9]{4,12}$/, 'a container id such as GTM-ABC123').optional(),
  LINE_TAG_ID: z.string().regex(/^[0-9a-f]{8}(-[0-9a-f]{4}){3}-[0-9a-f]{12}$/i, 'a LINE Tag id (UUID)').optional(),
});

export type AppConfig = ReturnType<typeof toAppConfig>;

function toAppConfig(env: z.infer<typeof environmentSchema>) {
  const publicUrl = new URL(env.PUBLIC_URL ?? `http://localhost:${env.PORT}`);
  const secureCookies = publicUrl.protocol === 'https:';
  const embedded = !env.DATABASE_URL;
  return {
    nodeEnv: env.NODE_ENV,
    port: env.PORT,
    host: env.HOST,
    publicOrigin: publicUrl.origin,
    allowedOrigins: [publicUrl.origin, ...env.ALLOWED_ORIGINS.map((origin) => new URL(origin).origin)],
    siteName: env.SITE_NAME,
    logLevel: env.LOG_LEVEL,
    shutdownGraceMs: env.SHUTDOWN_GRACE_SECONDS * 1000,
    database: embedded
      ? ({ kind: 'pglite', dataDir: env.DATA_DIR } as const)
      : ({ kind: 'postgres', url: env.DATABASE_URL!, poolSize: env.DATABASE_POOL_SIZE } as const),
    redis: { url: env.REDIS_URL, prefix: env.REDIS_PREFIX },
    rateLimits: rateLimitsOf(env.RATE_LIMIT_SCALE, env.RATE_LIMITS),
    trustProxy: env.TRUST_PROXY,
    oidc: {
      issuer: env.OIDC_ISSUER,
      clientId: env.OIDC_CLIENT_ID,
      clientSecret: env.OIDC_CLIENT_SECRET,
      redirectUri: `${publicUrl.origin}${loginCallback.path}`,
      allowInsecureIssuer:
        env.OIDC_ISSUER.startsWith('http:') && (env.OIDC_ALLOW_INSECURE_ISSUER ?? env.NODE_ENV !== 'production'),
    },
    adminSubjects: env.ADMIN_SUBJECTS,
    session: {
      // `__Host-` cookies must be Secure, so plain-http development gets a plain name.
      cookieName: secureCookies ? '__Host-campus_session' : 'campus_session',
      loginCookieName: secureCookies ? '__Host-campus_login' : 'campus_login',
      secure: secureCookies,
      idleMs: env.SESSION_IDLE_MINUTES * 60_000,
      absoluteMs: env.SESSION_ABSOLUTE_HOURS * 3_600_000,
      socketCheckMs: env.SOCKET_SESSION_CHECK_SECONDS * 1000,
    },
    clientDistDir: env.CLIENT_DIST_DIR,
    mediaDir: env.MEDIA_DIR ?? `${env.DATA_DIR.replace(/\/$/, '')}/media`,
    // Certificates carry names: kept out of the published media folder, served only to their holder.
    certificateDir: env.CERTIFICATE_DIR ?? `${env.DATA_DIR.replace(/\/$/, '')}/certificates`,
    storage: {
      mediaBaseUrl: (env.MEDIA_BASE_URL ?? `${publicUrl.origin}/media/`).replace(/\/?$/, '/'),
      remoteHosts: env.STORAGE_HOSTS.map((host) => new URL(host).origin),
      allowPrivateAddresses: env.STORAGE_ALLOW_PRIVATE_ADDRESSES && env.NODE_ENV !== 'production',
      maxBytes: env.DOWNLOAD_MAX_BYTES,
      timeoutMs: env.DOWNLOAD_TIMEOUT_SECONDS * 1000,
      maxConcurrent: env.DOWNLOAD_MAX_CONCURRENT,
    },
    // PGlite lives inside one process, so the embedded default runs the worker role in-process.
    runWorkerInProcess: env.RUN_WORKER_IN_PROCESS ?? embedded,
    workerHealthPort: env.WORKER_HEALTH_PORT,
    operations: {
      metricsToken: env.METRICS_TOKEN,
      /** Without a token: open for development, closed in production. */
      metricsOpenWithoutToken: env.NODE_ENV !== 'production',
      apiDocsPublic: env.API_DOCS_PUBLIC ?? env.NODE_ENV !== 'production',
    },
    termsVersion: env.TERMS_VERSION,
    mail: {
      smtpUrl: env.SMTP_URL ?? null,
      from: env.MAIL_FROM,
      tokenSecret: { configured: env.MAIL_TOKEN_SECRET, file: `${env.DATA_DIR.replace(/\/$/, '')}/mail-token-secret` },
    },
    credentialSigningKey: {
      configured: env.CREDENTIAL_SIGNING_KEY,
      file: `${env.DATA_DIR.replace(/\/$/, '')}/credential-signing-key.json`,
      previousPublicKeys: env.CREDENTIAL_PREVIOUS_PUBLIC_KEYS ?? [],
    },
    credentialIssuerEmail: env.CREDENTIAL_ISSUER_EMAIL ?? `credentials@${publicUrl.hostname}`,
    linkedInOrganizationId: env.LINKEDIN_ORGANIZATION_ID ?? null,
    demoSeed: env.DEMO_SEED ?? env.NODE_ENV !== 'production',
    analyticsTags: { tagManagerId: env.TAG_MANAGER_ID, lineTagId: env.LINE_TAG_ID },
  };
}

/**
 * What the API logs at start when production trusts whole address ranges in TRUST_PROXY: any machine
 * there may name the client address that the per-address rate limits count. Null when all is well.
 */
export function proxyTrustWarning(config: Pick<AppConfig, 'nodeEnv' | 'trustProxy'>): string | null {
  if (config.nodeEnv !== 'production') return null;
  const broad = broadProxyTrust(config.trustProxy);
  if (broad.length === 0) return null;
  return (
    `TRUST_PROXY trusts whole address ranges (${broad.join(', ')}): any machine there can choose the client ` +
    "address the rate limits count. Name the proxy's own addresses instead (README, Configuration)."
  );
}

export class ConfigError extends Error {}

export function parseConfig(env: NodeJS.ProcessEnv): AppConfig {
  const parsed = environmentSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid environment:\n  ${problems.join('\n  ')}`);
  }
  // Media travels through the proxy to learners: in production only over https.
  if (parsed.data.NODE_ENV === 'production' && parsed.data.STORAGE_HOSTS.some((host) => !host.startsWith('https://'))) {
    throw new ConfigError('Invalid environment:\n  STORAGE_HOSTS: https origins only in production');
  }
  return toAppConfig(parsed.data);
}

let cached: AppConfig | undefined;

/** The process environment, parsed once. */
export function loadConfig(): AppConfig {
  cached ??= parseConfig(process.env);
  return cached;
}
