// The reference of idle-sockets.mjs: a plain socket.io server, the same socket.io package the campus
// API loads (resolved from server/), on a bare node:http server — no authentication, no rooms, no Redis
// adapter, no framework. GET /ready answers 200 once it listens.
// Env: PORT (required), HOST (default 0.0.0.0, like the campus).
import http from 'node:http';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const serverRequire = createRequire(path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../server/package.json'));
const { Server } = serverRequire('socket.io');

const httpServer = http.createServer((request, response) => {
  response.statusCode = request.url === '/ready' ? 200 : 404;
  response.end();
});
// The options the campus adapter sets that matter to a websocket connection (server/src/realtime/redis-io.adapter.ts).
new Server(httpServer, { path: '/socket.io', serveClient: false });
httpServer.listen(Number(process.env.PORT), process.env.HOST ?? '0.0.0.0', () => {
  console.log(`plain socket.io listening on ${process.env.PORT}`);
});
for (const signal of /** @type {const} */ (['SIGINT', 'SIGTERM'])) process.on(signal, () => process.exit(0));
