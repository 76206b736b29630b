import { randomBytes } from 'node:crypto';
import { Client } from 'pg';
import { io } from 'socket.io-client';
import { tokenHashOf } from '../src/common/auth/session-lookup';
import { RealtimePublisher } from '../src/realtime/realtime-publisher';
import { BrowserLikeClient } from './support/browser-like-client';
import { appPorts, createTestDatabase, type RunningApi, startApi, testConfig } from './support/campus-harness';
import type { CampusSocket } from './support/campus-socket';
import { type DemoLogin, loginThroughDevIdp } from './support/dev-idp-login';

const CHECK_SECONDS = 1;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Issue 20 point 4: a socket lives no longer than its session. Two API processes share a database and
 * a Redis prefix; process B does not make `demo-learner` an admin, process A does (ADMIN_SUBJECTS), so
 * signing in on B demotes them the way a provider's role change would.
 */
describe('sockets end with their session: logout, expiry, role change', () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let pg: Client;
  let apiA: RunningApi;
  let apiB: RunningApi;
  let publisher: RealtimePublisher;
  const sockets: CampusSocket[] = [];

  beforeAll(async () => {
    database = await createTestDatabase();
    const redisPrefix = `it-${randomBytes(4).toString('hex')}`;
    const [portA, portB] = appPorts();
    const env = { SOCKET_SESSION_CHECK_SECONDS: String(CHECK_SECONDS) };
    apiA = await startApi(testConfig({ databaseUrl: database.url, redisPrefix, port: portA!, env: { ...env, ADMIN_SUBJECTS: 'demo-learner' } }));
    apiB = await startApi(testConfig({ databaseUrl: database.url, redisPrefix, port: portB!, env }));
    publisher = apiA.app.get(RealtimePublisher);
    pg = new Client({ connectionString: database.url });
    await pg.connect();
  });
  afterAll(async () => {
    sockets.forEach((socket) => socket.disconnect());
    await pg.end();
    await apiA.close();
    await apiB.close();
    await database.drop();
  });

  async function logIn(api: RunningApi, login: DemoLogin) {
    const client = new BrowserLikeClient(api.origin);
    await loginThroughDevIdp(client, { login });
    return client;
  }

  /** A socket as the browser opens it; `reconnection` stays on, as in the client, to show it does not come back by itself. */
  async function openSocket(api: RunningApi, client: BrowserLikeClient): Promise<CampusSocket> {
    const socket: CampusSocket = io(api.origin, {
      transports: ['websocket'],
      extraHeaders: { cookie: (await client.jar.getCookieString(api.origin)) ?? '', origin: api.origin },
      reconnectionDelay: 100,
      reconnectionDelayMax: 200,
    });
    sockets.push(socket);
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve());
      socket.once('connect_error', reject);
    });
    return socket;
  }

  const disconnection = (socket: CampusSocket, withinMs: number) =>
    new Promise<{ reason: string; afterMs: number }>((resolve, reject) => {
      const started = Date.now();
      const timer = setTimeout(() => reject(new Error(`still connected after ${withinMs} ms`)), withinMs);
      socket.once('disconnect', (reason) => {
        clearTimeout(timer);
        resolve({ reason, afterMs: Date.now() - started });
      });
    });

  const userIdOf = async (subject: string) => (await pg.query('select id from users where subject = $1', [subject])).rows[0].id as string;

  /** Sends `unread.changed` to the user through Redis and resolves with whether `socket` got it within `ms`. */
  async function receivesUserPush(socket: CampusSocket, userId: string, ms = 700): Promise<boolean> {
    let received = false;
    const listener = () => (received = true);
    socket.on('unread.changed', listener);
    publisher.toUser(userId).emit('unread.changed', { hasUnreadNotifications: true, hasUnreadAnnouncements: false });
    await sleep(ms);
    socket.off('unread.changed', listener);
    return received;
  }

  async function receivesAdminStream(socket: CampusSocket, ms = 700): Promise<boolean> {
    let received = false;
    const listener = () => (received = true);
    socket.on('admin.eventsCommitted', listener);
    publisher.toAdmins().emit('admin.eventsCommitted');
    await sleep(ms);
    socket.off('admin.eventsCommitted', listener);
    return received;
  }

  it('disconnects every socket of the session at logout, on both processes, within a second; they stay away', async () => {
    const learner = await logIn(apiA, 'learner-new');
    const userId = await userIdOf('demo-learner-new');
    const onA = await openSocket(apiA, learner);
    const onB = await openSocket(apiB, learner);
    expect(await receivesUserPush(onA, userId)).toBe(true);
    expect(await receivesUserPush(onB, userId)).toBe(true);

    // The same user in another browser keeps its socket: only this session ends.
    const otherBrowser = await logIn(apiB, 'learner-new');
    const otherSocket = await openSocket(apiB, otherBrowser);

    const ends = [disconnection(onA, 1000), disconnection(onB, 1000)];
    const logout = await learner.xhr('POST', '/api/v1/generate-logout-url/', { redirectPath: apiA.origin });
    expect(logout.status).toBe(200);
    for (const end of await Promise.all(ends)) {
      // 'io server disconnect': socket.io-client does not reconnect after it.
      expect(end.reason).toBe('io server disconnect');
      expect(end.afterMs).toBeLessThan(1000);
    }

    const reconnects = jest.fn();
    onA.on('connect', reconnects);
    onB.on('connect', reconnects);
    expect(await receivesUserPush(onA, userId, 1200)).toBe(false);
    expect(onB.connected).toBe(false);
    expect(onA.active || onB.active).toBe(false);
    expect(reconnects).not.toHaveBeenCalled();
    expect(otherSocket.connected).toBe(true);

    // The dead cookie opens nothing, even on the process that did not handle the logout, at once.
    const refused = io(apiB.origin, {
      transports: ['websocket'],
      reconnection: false,
      extraHeaders: { cookie: (await learner.jar.getCookieString(apiB.origin)) ?? 'campus_session=gone', origin: apiB.origin },
    });
    sockets.push(refused);
    await expect(new Promise((resolve) => refused.once('connect_error', (error) => resolve(error.message)))).resolves.toBe('LOGIN_REQUIRED');
  });

  it('ends the socket of a session that passes its end or sits idle too long', async () => {
    const pastEnd = await logIn(apiA, 'learner-new');
    const idle = await logIn(apiB, 'learner-new');
    const pastEndSocket = await openSocket(apiA, pastEnd);
    const idleSocket = await openSocket(apiB, idle);
    const token = async (client: BrowserLikeClient) => (await client.cookie(apiA.config.session.cookieName))!;

    const ends = [disconnection(pastEndSocket, (CHECK_SECONDS + 2) * 1000), disconnection(idleSocket, (CHECK_SECONDS + 2) * 1000)];
    await pg.query(`update sessions set expires_at = now() - interval '1 second' where token_hash = $1`, [tokenHashOf(await token(pastEnd))]);
    await pg.query(`update sessions set last_seen_at = now() - interval '1 day' where token_hash = $1`, [tokenHashOf(await token(idle))]);
    for (const end of await Promise.all(ends)) expect(end.reason).toBe('io server disconnect');
  });

  it('stops the admin stream to a socket whose user is no longer an admin', async () => {
    // Signed in on A, demo-learner is an admin (ADMIN_SUBJECTS) and the socket receives the admin stream.
    const asAdmin = await logIn(apiA, 'learner');
    const userId = await userIdOf('demo-learner');
    const adminSocket = await openSocket(apiA, asAdmin);
    expect(await receivesAdminStream(adminSocket)).toBe(true);

    // Signing in again on B, where the provider's answer makes them a learner: the open socket (of the
    // other, still valid session) leaves the admin stream at once, and keeps its own pushes.
    await logIn(apiB, 'learner');
    expect((await pg.query('select role from users where id = $1', [userId])).rows[0].role).toBe('learner');
    expect(await receivesAdminStream(adminSocket)).toBe(false);
    expect(await receivesUserPush(adminSocket, userId)).toBe(true);
    expect(adminSocket.connected).toBe(true);
  });

  it('re-checks the role of open sockets, so a role changed outside sign-in is honoured too', async () => {
    const admin = await logIn(apiB, 'admin');
    const adminSocket = await openSocket(apiB, admin);
    expect(await receivesAdminStream(adminSocket)).toBe(true);

    await pg.query(`update users set role = 'learner' where subject = 'demo-admin'`);
    await sleep((CHECK_SECONDS + 1) * 1000);
    expect(await receivesAdminStream(adminSocket)).toBe(false);
    expect(adminSocket.connected).toBe(true);
  });
});
