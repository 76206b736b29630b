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
  return io({ path: '/socket.io', withCredentials: true });
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

/** Listens to one server push; returns the function that stops listening. */
export function onServerEvent<E extends ServerEventName>(event: E, listener: ServerToClientEvents[E]): () => void {
  const untyped = listener as unknown as AnyListener;
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
