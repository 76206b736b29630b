// One load-generator process of idle-sockets.mjs, started with an IPC channel and pinned to the load CPU.
// On command it opens socket.io connections (websocket transport, a session cookie each when given),
// holds them idle, and reports pushes as they arrive. Times are CLOCK_MONOTONIC (process.hrtime), which
// every process on the machine shares, so the benchmark compares them with its own send times.
//
// Messages in:  { type: 'connect', url, origin, cookieName?, clients: [{ userId?, token? }], concurrency }
//               { type: 'broadcast-reset' }   { type: 'broadcast-flush' }   { type: 'disconnect' }
// Messages out: { type: 'connected', connected, failed, errors }   { type: 'push', userId, at }
//               { type: 'broadcast', times }   { type: 'disconnected' }
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const serverRequire = createRequire(path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../server/package.json'));
const { io } = serverRequire('socket.io-client');

const now = () => Number(process.hrtime.bigint()) / 1e6;
const send = (/** @type {object} */ message) => process.send?.(message);

/** @type {any[]} */
let sockets = [];
/** Receive times of the broadcast in flight; sent back once every socket has it (or on flush). */
let broadcastTimes = [];

function reportBroadcast() {
  send({ type: 'broadcast', times: broadcastTimes });
  broadcastTimes = [];
}

/**
 * @param {{ url: string, origin: string, cookieName?: string, clients: { userId?: string, token?: string }[], concurrency: number }} command
 */
async function connect({ url, origin, cookieName, clients, concurrency }) {
  let next = 0;
  let failed = 0;
  /** @type {Record<string, number>} */
  const errors = {};
  const open = (/** @type {{ userId?: string, token?: string }} */ client) =>
    new Promise((resolve) => {
      /** @type {Record<string, string>} */
      const headers = { origin };
      if (client.token) headers.cookie = `${cookieName}=${client.token}`;
      const socket = io(url, { transports: ['websocket'], forceNew: true, reconnection: false, timeout: 60_000, extraHeaders: headers });
      socket.on('unread.changed', () => send({ type: 'push', userId: client.userId, at: now() }));
      socket.on('announcements.changed', () => {
        broadcastTimes.push(now());
        if (broadcastTimes.length === sockets.length) reportBroadcast();
      });
      socket.once('connect', () => {
        sockets.push(socket);
        resolve(undefined);
      });
      socket.once('connect_error', (/** @type {Error} */ error) => {
        failed += 1;
        errors[error.message] = (errors[error.message] ?? 0) + 1;
        socket.close();
        resolve(undefined);
      });
    });
  // A fixed number of handshakes in flight, not all at once: no thundering herd on the server.
  await Promise.all(
    Array.from({ length: Math.min(concurrency, clients.length) }, async () => {
      while (next < clients.length) await open(clients[next++]);
    }),
  );
  send({ type: 'connected', connected: sockets.length, failed, errors });
}

process.on('message', (/** @type {any} */ message) => {
  if (message.type === 'connect') void connect(message);
  if (message.type === 'broadcast-reset') broadcastTimes = [];
  if (message.type === 'broadcast-flush') reportBroadcast();
  if (message.type === 'disconnect') {
    for (const socket of sockets) socket.disconnect();
    sockets = [];
    broadcastTimes = [];
    // Let the close frames leave before saying so.
    setTimeout(() => send({ type: 'disconnected' }), 1_000);
  }
});
// The benchmark going away (crash, Ctrl-C) closes the channel: go with it.
process.on('disconnect', () => process.exit(0));
