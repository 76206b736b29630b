import type { FastifyInstance } from 'fastify';

/**
 * What a verifier or a wallet on any origin may read from a browser: the answer is the same for everyone
 * (these routes never read the session), so it is granted to `*` and without credentials, which browsers
 * then never send. Every other route keeps the same-origin default: no grant at all.
 */
const VERIFIER_CORS_HEADERS = {
  'access-control-allow-origin': '*',
  'access-control-expose-headers': 'etag, content-type',
  'cross-origin-resource-policy': 'cross-origin',
} as const;

/** A preflight's answer: GET only, with the headers verifiers' HTTP clients add (DCC's sends cache-control and pragma). */
const PREFLIGHT_HEADERS = {
  ...VERIFIER_CORS_HEADERS,
  'access-control-allow-methods': 'GET, HEAD',
  'access-control-allow-headers': 'accept, cache-control, pragma, if-none-match',
  'access-control-max-age': '86400',
} as const;

/** Grants the routes at `paths` (route templates as Fastify registers them) to every origin; the hook runs after the security headers. */
export function openToVerifiers(fastify: FastifyInstance, paths: readonly string[]): void {
  const open = new Set(paths);
  fastify.addHook('onRequest', (request, reply, done) => {
    if (open.has(request.routeOptions.url ?? '')) reply.headers(VERIFIER_CORS_HEADERS);
    done();
  });
  for (const path of open) fastify.options(path, (_request, reply) => reply.code(204).headers(PREFLIGHT_HEADERS).send());
}
