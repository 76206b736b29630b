import { RequestMethod } from '@nestjs/common';
import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { LogController } from 'fastify';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, NestFastifyApplication } from '@nestjs/platform-fastify';
import { Logger } from 'nestjs-pino';
import type { DestinationStream } from 'pino';
import { AppModule } from '../app.module.js';
import type { AuthenticatedRequest } from '../common/auth/authenticated-request.js';
import { restoreSignedInHint } from '../common/auth/session-cookie.js';
import { analyticsCspSources } from '../common/http/analytics-tags-html.js';
import { refuseBadBytesInBody, refuseBadBytesInUrl } from '../common/http/bad-bytes.check.js';
import { refuseCrossSiteWrite } from '../common/http/same-site-xhr.check.js';
import { RateLimiter } from '../common/rate-limit/rate-limiter.js';
import { API_SECURITY_HEADERS, helmetHeaders } from '../common/http/security-headers.js';
import { createRootLogger } from '../core/logging/logger.module.js';
import { requestIdOf } from '../core/logging/request-id.js';
import { answerClientError, frameworkErrorAnswer, refusedStaticPathAsNotFound } from '../common/http/edge-errors.js';
import { sendErrorAnswer } from '../common/http/error-page.js';
import { ErrorEnvelopeFilter } from '../common/http/error-envelope.filter.js';
import { withFirstText } from '../common/http/first-text-html.js';
import { sendHtmlPage } from '../common/http/html-reply.js';
import { openToVerifiers } from '../common/http/verifier-cors.js';
import { verifyCertificate } from '../contracts/routes/certificates.js';
import { confirmMailAddress, unsubscribeFromMail } from '../contracts/routes/mail.js';
import { CREDENTIAL_VERIFICATION_BODY_LIMIT_BYTES } from '../contracts/credentials.js';
import { getCredential, getCredentialBadge, getStatusList, getVerifiedCertificateCredential, verifyPresentedCredential } from '../contracts/routes/credentials.js';
import { walletCredential, walletToken } from '../contracts/routes/wallet-offers.js';
import { SpaIndex } from '../common/http/spa-index.js';
import { clientDistDir } from '../config/client-dist-dir.js';
import { proxyTrustWarning, type AppConfig } from '../config/config.js';
import { CertificateVerificationPages } from '../modules/certificates/certificate-verification-pages.js';
import { HttpMetrics } from '../modules/health/metrics.js';
import { RedisIoAdapter } from '../realtime/redis-io.adapter.js';
import { RedisConnections } from '../redis/redis.module.js';
import { Readable } from 'node:stream';
import { pageContentLookup } from './page-content-lookup.js';
import { uploadStudioMedia } from '../contracts/routes/studio-courses.js';
import { STUDIO_UPLOAD_TYPES } from '../contracts/studio-courses.js';

const STUDIO_FILE_TYPES = Object.values(STUDIO_UPLOAD_TYPES).flat();
/** `<kind>-<slug>-<width>.<format>`, as client/src/components/artwork/course-image.tsx names them. */
const COURSE_IMAGE_FILE = /^[a-z]+-[a-z0-9]+(?:-[a-z0-9]+)*-(?:320|640)\.(?:avif|webp|png)$/;

const BODY_LIMIT_BYTES = 1024 * 1024;

/** The wildcard routes of the two @fastify/static registrations below: the built client and the media storage. */
const STATIC_FILE_ROUTES = new Set(['/*', '/media/*']);

/**
 * The API process: Fastify, everything under /api, the built client at /, socket.io on the same port.
 * `logDestination` replaces standard output (a test reads what would be logged).
 */
export async function createApiApp(config: AppConfig, options: { logDestination?: DestinationStream } = {}): Promise<NestFastifyApplication> {
  const logger = createRootLogger(config, options.logDestination);
  const proxyWarning = proxyTrustWarning(config);
  if (proxyWarning) logger.warn(proxyWarning);
  const distDir = clientDistDir(config);
  const spaIndex = new SpaIndex(path.join(distDir, 'index.html'), new URL(config.publicOrigin), config.analyticsTags);
  const trackers = analyticsCspSources(config.analyticsTags);
  const documentHeaders = helmetHeaders({
    // Plain-http development must not be told to upgrade to https.
    strictTransportSecurity: config.session.secure,
    contentSecurityPolicy: {
      directives: {
        'img-src': ["'self'", 'data:', 'https:'],
        'script-src': ["'self'", ...trackers.script],
        'connect-src': ["'self'", ...trackers.connect],
        'form-action': ["'self'", config.oidc.issuer],
        'upgrade-insecure-requests': config.session.secure ? [] : null,
      },
    },
  });
  const adapter = new FastifyAdapter({
    loggerInstance: logger,
    logController: new LogController({ requestIdLogLabel: 'requestId' }),
    // A long path parameter must reach our validation (a 404 or 400 envelope), not Fastify's own 414 body.
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 2048 },
    bodyLimit: BODY_LIMIT_BYTES,
    // Decides request.ip, which the per-address rate limits count by: only trusted proxies may set it.
    trustProxy: config.trustProxy,
    genReqId: requestIdOf,
    // What Fastify and Node's parser answer themselves (a malformed path, headers over 16 KiB) is in our envelope
    // too, or the error page for a page address.
    frameworkErrors: frameworkErrorAnswer(spaIndex, documentHeaders),
    clientErrorHandler: answerClientError,
  });
  const app = await NestFactory.create<NestFastifyApplication>(AppModule.forRoot(config, logger), adapter, {
    bufferLogs: true,
  });
  app.useLogger(app.get(Logger));
  app.enableShutdownHooks();

  const fastify = app.getHttpAdapter().getInstance();
  // A wallet app posts to the OpenID4VCI token and credential endpoints as a native client: no Origin, no XHR
  // header, a form body. Those two routes read no cookie (ignoresSession) and act only on the code or token
  // the request itself carries, so a cross-site form could gain nothing there: the CSRF check is skipped.
  // Writes whose token is the whole authority, posted by wallets and mail apps from no page of ours.
  const tokenWrites = new Set<string>([walletToken.path, walletCredential.path, unsubscribeFromMail.path, confirmMailAddress.path]);
  // The first hook of every request, synchronous (no promise per request): security headers, the
  // request id, and the refusal of cross-site writes and of NUL / lone-surrogate escapes in the URL
  // before any body is parsed. A refusal is answered here, not through done(error): the top page's
  // route below is Fastify's own, whose error handler is Fastify's JSON, not the envelope or the error page.
  fastify.addHook('onRequest', (request, reply, done) => {
    reply.headers(request.url.startsWith('/api/') ? API_SECURITY_HEADERS : documentHeaders);
    reply.header('x-request-id', request.id);
    const route = request.routeOptions.url ?? '';
    const crossSite = tokenWrites.has(route) ? null : refuseCrossSiteWrite(request, config.allowedOrigins, route === uploadStudioMedia.path ? STUDIO_FILE_TYPES : []);
    const refusal = crossSite ?? refuseBadBytesInUrl(request.url);
    if (!refusal) return done();
    sendErrorAnswer(request, reply, refusal.toEnvelope(), spaIndex);
  });
  // The studio's uploads reach their handler as a stream, written to disk as it arrives under the handler's own
  // cap (upload-studio-media): Fastify's JSON body limit and parsing do not apply to these media types.
  fastify.addContentTypeParser(STUDIO_FILE_TYPES, (_request, payload, done) => done(null, payload));
  // Verifiers and wallets on other origins read what proves a credential, from a browser too.
  openToVerifiers(fastify, [
    '/.well-known/did.json',
    '/.well-known/jwks.json',
    // What a wallet reads first (OpenID4VCI issuer metadata, RFC 8414 authorization server metadata).
    '/.well-known/openid-credential-issuer',
    '/.well-known/oauth-authorization-server',
    getCredential.path,
    getCredentialBadge.path,
    getStatusList.path,
    verifyCertificate.path,
    getVerifiedCertificateCredential.path,
  ]);
  fastify.addHook('onRoute', (route) => {
    // The verifier takes a badge image of up to 1 MB as base64, a third longer: its route alone reads more.
    if (route.url === verifyPresentedCredential.path) route.bodyLimit = CREDENTIAL_VERIFICATION_BODY_LIMIT_BYTES;
    // The client's files and the media storage (below): a path no file can have is an unknown address.
    if (STATIC_FILE_ROUTES.has(route.url)) route.errorHandler = refusedStaticPathAsNotFound(route.errorHandler);
  });
  // The same for the JSON body, once parsed and before any pipe or handler sees it.
  fastify.addHook('preValidation', (request, _reply, done) => {
    // An upload's body is the file's stream (the studio's own checks read it), not parsed JSON to walk.
    const parsed = request.body !== undefined && !(request.body instanceof Readable);
    done(parsed ? (refuseBadBytesInBody(request.body) ?? undefined) : undefined);
  });
  // An answer computed for a signed-in user (a session guard put the user on the request) is personal:
  // no browser or shared cache may keep it, whatever the route set.
  fastify.addHook('onSend', (request, reply, payload, done) => {
    if ((request as Partial<AuthenticatedRequest>).user && !String(reply.getHeader('cache-control') ?? '').includes('no-store')) {
      reply.header('cache-control', 'no-store');
    }
    done(null, payload);
  });
  fastify.addHook('onSend', (request, reply, payload, done) => {
    if (String(reply.getHeader('content-type') ?? '').startsWith('text/html')) restoreSignedInHint(request, reply, config);
    done(null, payload);
  });
  app.get(RateLimiter).attach(fastify);
  app.get(HttpMetrics).attach(fastify);

  // A course card's image: the one an admin uploaded in the studio (published into MEDIA_DIR/course-images,
  // shared by every process) before the one drawn into the client build for the content pack.
  const studioCourseImages = path.join(path.resolve(config.mediaDir), 'course-images');
  fastify.get('/course-images/:file', (request, reply) => {
    const { file } = request.params as { file: string };
    if (!COURSE_IMAGE_FILE.test(file)) return reply.callNotFound();
    const root = existsSync(path.join(studioCourseImages, file)) ? studioCourseImages : path.join(distDir, 'course-images');
    if (!existsSync(path.join(root, file))) return reply.callNotFound();
    reply.header('cache-control', 'no-cache');
    return reply.sendFile(file, root, { cacheControl: false });
  });

  if (existsSync(distDir)) {
    await app.register(fastifyStatic, {
      root: distDir,
      prefix: '/',
      // Pages, the top page included, are answered by SpaIndex with their metadata written in.
      index: false,
      // The client build writes .br and .gz copies of its scripts and styles (client/vite.config.ts).
      preCompressed: true,
      // reply.sendFile belongs to the media storage below.
      decorateReply: false,
      // Vite puts a content hash in every asset name, so those may be cached for good. Everything else
      // (sw.js above all: a new version must be seen at once) is revalidated. `cacheControl: false`:
      // otherwise @fastify/send writes its own "public, max-age=0" beside these.
      cacheControl: false,
      // The build manifest (read by SpaIndex from disk) and any source map stay private.
      allowedPath: (pathName) => !pathName.split('/').includes('.vite') && !pathName.endsWith('.map'),
      setHeaders: (reply, filePath) => {
        if (filePath.includes(`${path.sep}assets${path.sep}`)) reply.header('cache-control', 'public, max-age=31536000, immutable');
        else reply.header('cache-control', 'no-cache');
      },
    });
    // Other page paths reach SpaIndex through the 404 filter; the top page would meet the static directory first.
    fastify.get('/', (request, reply) => {
      const html = spaIndex.htmlFor(request.url);
      if (!html) return reply.callNotFound();
      return sendHtmlPage(request, reply, 200, withFirstText(html, { page: 'home' }));
    });
  }

  // The media storage (slide PDFs, later uploads): in development, the approved storage host is this origin.
  const mediaDir = path.resolve(config.mediaDir);
  mkdirSync(mediaDir, { recursive: true });
  // reply.sendFile serves the download proxy's files from this folder (ranges, types, 404s).
  await app.register(fastifyStatic, { root: mediaDir, prefix: '/media/', index: false });

  // Short links are shared as top-level page URLs, so they live outside /api; so do the issuer's keys,
  // at the well-known paths did:web and JWKS verifiers look them up.
  app.setGlobalPrefix('api', {
    exclude: [
      'metrics',
      { path: 's/:code', method: RequestMethod.GET },
      { path: '.well-known/did.json', method: RequestMethod.GET },
      { path: '.well-known/jwks.json', method: RequestMethod.GET },
      { path: '.well-known/openid-credential-issuer', method: RequestMethod.GET },
      { path: '.well-known/oauth-authorization-server', method: RequestMethod.GET },
    ],
  });
  const verificationPages = app.get(CertificateVerificationPages);
  app.useGlobalFilters(new ErrorEnvelopeFilter(spaIndex, pageContentLookup(app, config), (pathname) => verificationPages.metadataOf(pathname)));
  app.useWebSocketAdapter(new RedisIoAdapter(app, config, app.get(RedisConnections)));
  return app;
}
