import { io, type Socket } from 'socket.io-client';
import type { ServerToClientEvents } from '../../src/contracts/realtime';
import type { BrowserLikeClient } from './browser-like-client';

export type CampusSocket = Socket<ServerToClientEvents>;

/** The browser tab of a logged-in client, listening for pushes: connected with its session cookie and the site's origin. */
export async function openSessionSocket(origin: string, client: BrowserLikeClient): Promise<CampusSocket> {
  const socket: CampusSocket = io(origin, {
    transports: ['websocket'],
    extraHeaders: { cookie: (await client.jar.getCookieString(origin)) ?? '', origin },
    reconnection: false,
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
  return socket;
}

/**
 * How long a test listens, after a positive control push has arrived on the same relay, before it says
 * another push did not come: pushes of one commit leave together, so a stray one would be this close behind.
 */
export const NO_PUSH_WINDOW_MS = 300;

/** Listens for NO_PUSH_WINDOW_MS more; call it once the control push has arrived, then assert the absence. */
export const quietWindow = () => new Promise<void>((resolve) => setTimeout(resolve, NO_PUSH_WINDOW_MS));
