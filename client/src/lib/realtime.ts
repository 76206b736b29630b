import type { ClientToServerEvents, ServerToClientEvents } from '@campus/contracts/realtime';
import type { Socket } from 'socket.io-client';

/**
 * The campus socket (socket.io on the same origin, authenticated by the session cookie).
 *
 * socket.io-client is loaded on demand, so visitors who are not logged in never download it.
 * The socket connects when the first listener arrives and disconnects when the last one leaves;
 * features listen only while the user is logged in.
 */
export type CampusSocket = Socket<ServerToClientEvents, ClientToServerEvents>;
export type ServerEventName = keyof ServerToClientEvents;

let socketPromise: Promise<CampusSocket> | null = null;
let listeners = 0;

async function openSocket(): Promise<CampusSocket> {
  const { io } = await import('socket.io-client');
  // WebSocket only: long-polling would need sticky sessions once several API processes serve the campus.
  return io({ path: '/socket.io', withCredentials: true, transports: ['websocket'] });
}

function currentSocket(): Promise<CampusSocket> {
  if (!socketPromise) {
    const opening = openSocket();
    socketPromise = opening;
    // A failed chunk load must not stick: the next listener tries again.
    opening.catch(() => {
      if (socketPromise === opening) socketPromise = null;
    });
  }
  return socketPromise;
}

type AnyListener = (...args: unknown[]) => void;

/** How the server ended the socket's session: a disconnect (logout anywhere, expiry) or a refused handshake. */
export type SessionEnd = 'disconnected' | 'refused';

/**
 * Tells when the server ends the socket because its session is over: it disconnects the session's
 * sockets at logout and expiry, and refuses a handshake with a dead cookie (LOGIN_REQUIRED).
 * socket.io-client does not reconnect after either, so a dead cookie never loops against the server.
 */
export function onSessionEnded(listener: (end: SessionEnd) => void): () => void {
  const stops = [
    listen('disconnect', (reason) => {
      if (reason === 'io server disconnect') listener('disconnected');
    }),
    listen('connect_error', (error) => {
      if ((error as Error | undefined)?.message === 'LOGIN_REQUIRED') listener('refused');
    }),
  ];
  return () => stops.forEach((stop) => stop());
}

/** Opens the shared socket again after the server ended it (the session turned out to be alive). */
export function reopenSocket(): void {
  socketPromise
    ?.then((s) => {
      if (!s.connected && !s.active) s.connect();
    })
    .catch(() => undefined);
}

/** Listens to one server push; returns the function that stops listening. */
export function onServerEvent<E extends ServerEventName>(event: E, listener: ServerToClientEvents[E]): () => void {
  return listen(event, listener as unknown as AnyListener);
}

/**
 * Follows the connection of the shared socket: reports the current state as soon as the socket
 * exists, then every connect and disconnect. Returns the function that stops listening.
 */
export function onConnectionChange(listener: (connected: boolean) => void): () => void {
  const stops = [listen('connect', () => listener(true)), listen('disconnect', () => listener(false))];
  currentSocket()
    .then((s) => {
      if (s.connected) listener(true);
    })
    .catch(() => undefined);
  return () => stops.forEach((stop) => stop());
}

function listen(event: string, untyped: AnyListener): () => void {
  const socket = currentSocket();
  let active = true;
  listeners += 1;
  socket
    .then((s) => {
      if (active) (s as unknown as { on(event: string, listener: AnyListener): void }).on(event, untyped);
    })
    .catch(() => {
      /* no live updates this time; the page still works through HTTP */
    });

  return () => {
    if (!active) return;
    active = false;
    listeners -= 1;
    const last = listeners === 0;
    if (last && socketPromise === socket) socketPromise = null;
    socket
      .then((s) => {
        (s as unknown as { off(event: string, listener: AnyListener): void }).off(event, untyped);
        if (last) s.disconnect();
      })
      .catch(() => {});
  };
}
