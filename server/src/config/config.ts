import { z } from 'zod';

const booleanFlag = z
  .enum(['true', 'false', '1', '0'])
  .transform((value) => value === 'true' || value === '1');

const commaList = z
  .string()
  .transform((value) => value.split(',').map((item) => item.trim()).filter(Boolean));

const environmentSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  PUBLIC_URL: z.url().optional(),
  ALLOWED_ORIGINS: commaList.default([]),
  SITE_NAME: z.string().min(1).default('マーケティング学習キャンパス'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),

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
  DOWNLOAD_TIMEOUT_SECONDS: z.coerce.number().int().min(1).default(30),

  REDIS_URL: z.string().default('redis://127.0.0.1:6379'),
  REDIS_PREFIX: z.string().min(1).default('campus'),

  OIDC_ISSUER: z.url().default('http://localhost:3001'),
  OIDC_CLIENT_ID: z.string().min(1).default('campus-local'),
  OIDC_CLIENT_SECRET: z.string().min(1).default('campus-dev-secret'),
  /** Plain-http issuers are refused unless this is set; it defaults to on outside production. */
  OIDC_ALLOW_INSECURE_ISSUER: booleanFlag.optional(),
  ADMIN_SUBJECTS: commaList.default([]),

  SESSION_IDLE_MINUTES: z.coerce.number().int().min(1).default(120),
  SESSION_ABSOLUTE_HOURS: z.coerce.number().int().min(1).default(24 * 14),

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
    database: embedded
      ? ({ kind: 'pglite', dataDir: env.DATA_DIR } as const)
      : ({ kind: 'postgres', url: env.DATABASE_URL!, poolSize: env.DATABASE_POOL_SIZE } as const),
    redis: { url: env.REDIS_URL, prefix: env.REDIS_PREFIX },
    oidc: {
      issuer: env.OIDC_ISSUER,
      clientId: env.OIDC_CLIENT_ID,
      clientSecret: env.OIDC_CLIENT_SECRET,
      redirectUri: `${publicUrl.origin}/api/v1/login/callback`,
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
    demoSeed: env.DEMO_SEED ?? env.NODE_ENV !== 'production',
    analyticsTags: { tagManagerId: env.TAG_MANAGER_ID, lineTagId: env.LINE_TAG_ID },
  };
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
