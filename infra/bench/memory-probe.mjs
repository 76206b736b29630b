// Preloaded into each server idle-sockets.mjs measures (`node --expose-gc --import <this file> …`): a tiny
// HTTP endpoint on MEMORY_PROBE_PORT answering the process's memory after full collections. The campus
// API and the plain socket.io server carry the same probe, so both are measured alike and neither's own
// code is touched.
import { readdirSync } from 'node:fs';
import http from 'node:http';
import v8 from 'node:v8';

const port = Number(process.env.MEMORY_PROBE_PORT);

/** Two full collections with a pause between, so objects freed by finalisers and weak callbacks go too. */
async function collect() {
  if (!globalThis.gc) throw new Error('start the process with --expose-gc');
  globalThis.gc();
  await new Promise((resolve) => setTimeout(resolve, 200));
  globalThis.gc();
}

if (port) {
  const probe = http.createServer((_request, response) => {
    collect().then(
      () => {
        const usage = process.memoryUsage();
        response.setHeader('content-type', 'application/json');
        const spaces = Object.fromEntries(v8.getHeapSpaceStatistics().map((space) => [space.space_name, space.space_size]));
        response.end(JSON.stringify({ ...usage, spaces, openFds: readdirSync('/proc/self/fd').length }));
      },
      (error) => {
        response.statusCode = 500;
        response.end(String(error));
      },
    );
  });
  probe.listen(port, '127.0.0.1');
  // The probe must not keep a server alive that is asked to stop.
  probe.unref();
}
