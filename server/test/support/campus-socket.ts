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
