// Baseline for the benchmarks: a raw Fastify 5 server with no plugins and
// logging off, answering the same route as the campus API.
// Usage: PORT=3999 node infra/bench/hello-fastify.mjs  (prints "listening")
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

// The server's own Fastify (it is the server's dependency, not the root's).
const requireFromServer = createRequire(path.join(path.dirname(fileURLToPath(import.meta.url)), '../../server/package.json'));
const Fastify = requireFromServer('fastify');

const port = Number(process.env.PORT ?? 3999);
const app = Fastify({ logger: false });

app.get('/api/v1/now/', async () => ({ value: Date.now() }));

const stop = () => {
  app.close().then(
    () => process.exit(0),
    () => process.exit(1),
  );
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);

await app.listen({ port, host: '127.0.0.1' });
console.log('listening');
