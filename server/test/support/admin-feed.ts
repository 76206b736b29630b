import type { AdminEventFeed, AdminEventPage, AdminEventView } from '../../src/contracts/admin-events';
import type { BrowserLikeClient } from './browser-like-client';
import type { CampusSocket } from './campus-socket';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function getJson<T>(admin: BrowserLikeClient, address: string): Promise<T> {
  const reply = await admin.xhr('GET', address);
  if (reply.status !== 200) throw new Error(`${address} answered ${reply.status}: ${reply.text.slice(0, 300)}`);
  return reply.json<T>();
}

/** Where a console opened now starts following: the feed cursor of the history's newest page. */
export const feedCursorNow = async (admin: BrowserLikeClient): Promise<string> =>
  (await getJson<AdminEventPage>(admin, '/api/v1/admin/events?limit=1')).feedCursor;

/** Reads the feed after `cursor` until it is caught up, as the console does; `held` as the last answer said. */
export async function readFeed(admin: BrowserLikeClient, cursor: string, limit = 200): Promise<{ items: AdminEventView[]; cursor: string; held: boolean }> {
  const items: AdminEventView[] = [];
  for (;;) {
    const page = await getJson<AdminEventFeed>(admin, `/api/v1/admin/events/feed?after=${cursor}&limit=${limit}`);
    items.push(...page.items);
    cursor = page.cursor;
    if (page.caughtUp) return { items, cursor, held: page.held };
  }
}

/**
 * An admin console following the live stream the way the client's machine does: it reads the feed after
 * its cursor on every `admin.eventsCommitted` hint of `socket`, every `pollMs`, again shortly while events
 * are held behind an open transaction, and when told to (a reconnect). `received` is every event delivered.
 */
export function followAdminFeed(admin: BrowserLikeClient, socket: CampusSocket, cursor: string, pollMs = 1_000) {
  const received: AdminEventView[] = [];
  let reading: Promise<void> | undefined;
  let again = false;
  let failures = 0;
  const readLoop = async () => {
    do {
      again = false;
      try {
        const read = await readFeed(admin, cursor);
        received.push(...read.items);
        cursor = read.cursor;
        if (read.held) {
          await sleep(100);
          again = true;
        }
      } catch {
        failures += 1;
      }
    } while (again);
    reading = undefined;
  };
  const readNow = () => {
    if (reading) again = true;
    else reading = readLoop();
  };
  const sockets = [socket];
  socket.on('admin.eventsCommitted', readNow);
  const timer = setInterval(readNow, pollMs);
  // A test that fails before finish() must not keep jest waiting on this timer.
  timer.unref();
  return {
    received,
    readNow,
    get failures() {
      return failures;
    },
    /** Follows the hints of another socket (the console reconnected). */
    listenTo(next: CampusSocket) {
      sockets.push(next);
      next.on('admin.eventsCommitted', readNow);
      readNow();
    },
    /** Reads once more until caught up, then stops. */
    async finish() {
      clearInterval(timer);
      for (const each of sockets) each.off('admin.eventsCommitted', readNow);
      while (reading) await reading;
      await (reading = readLoop());
    },
  };
}
