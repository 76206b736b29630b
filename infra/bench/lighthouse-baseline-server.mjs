// Serves the built baseline page (lighthouse-baseline/) for the Lighthouse benchmark the way the
// campus serves its client: Fastify 5 + @fastify/static from the server's own dependencies, no
// compression, hashed assets cached for good and the page revalidated — so the two differ only in
// what the page itself does. Usage: PORT=<port> [PAGE_HEADERS=<json>] node lighthouse-baseline-server.mjs <dist dir>
// PAGE_HEADERS: headers sent with every answer, as the campus sends its security headers (the bench
// passes the ones the campus answered with).
import { createRequire } from 'node:module';
import path from 'node:path';
import { ROOT } from './lib.mjs';

const requireFromServer = createRequire(path.join(ROOT, 'server', 'package.json'));
const Fastify = requireFromServer('fastify');
const fastifyStatic = requireFromServer('@fastify/static');

const root = path.resolve(process.argv[2] ?? '');
const app = Fastify();
const pageHeaders = JSON.parse(process.env.PAGE_HEADERS ?? '{}');
app.addHook('onRequest', (_request, reply, done) => {
  reply.headers(pageHeaders);
  done();
});
await app.register(fastifyStatic, {
  root,
  // @fastify/static 10 hands over the Fastify reply (9 gave Node's response).
  setHeaders: (reply, filePath) => {
    reply.header('cache-control', filePath.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache');
  },
});
await app.listen({ host: '127.0.0.1', port: Number(process.env.PORT) });
