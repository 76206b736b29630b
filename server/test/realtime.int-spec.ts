import { io, Socket } from 'socket.io-client';
import type { ServerToClientEvents } from '../src/contracts/realtime';
import { BrowserLikeClient } from './support/browser-like-client';
import { quietWindow } from './support/campus-socket';
import { startCampus } from './support/campus-harness';
import { loginThroughDevIdp } from './support/dev-idp-login';
import { feedCursorNow, readFeed } from './support/admin-feed';
import { waitFor } from './support/wait-for';

type CampusSocket = Socket<ServerToClientEvents>;

describe('realtime: authenticated sockets, rooms across API processes, pushes from the worker', () => {
  let campus: Awaited<ReturnType<typeof startCampus>>;
  const sockets: CampusSocket[] = [];

  const connect = (origin: string, headers: Record<string, string>): CampusSocket => {
    const socket: CampusSocket = io(origin, { transports: ['websocket'], extraHeaders: headers, reconnection: false });
    sockets.push(socket);
    return socket;
  };
  const connected = (socket: CampusSocket) =>
    new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve());
      socket.once('connect_error', reject);
    });
  const refusal = (socket: CampusSocket) =>
    new Promise<string>((resolve, reject) => {
      socket.once('connect', () => reject(new Error('the handshake was accepted')));
      socket.once('connect_error', (error) => resolve(error.message));
    });
  const sessionHeaders = async (client: BrowserLikeClient, origin: string) => ({
    cookie: (await client.jar.getCookieString(origin)) ?? '',
    origin,
  });

  beforeAll(async () => {
    campus = await startCampus({ apis: 2, worker: true });
  });
  afterAll(async () => {
    sockets.forEach((socket) => socket.disconnect());
    await campus.stop();
  });

  it('refuses a handshake without a session', async () => {
    const socket = connect(campus.api.origin, { origin: campus.api.origin });
    expect(await refusal(socket)).toBe('LOGIN_REQUIRED');
  });

  it('refuses a handshake from another origin, even with a valid session', async () => {
    const client = new BrowserLikeClient(campus.api.origin);
    await loginThroughDevIdp(client);
    const headers = await sessionHeaders(client, campus.api.origin);
    const socket = connect(campus.api.origin, { ...headers, origin: 'https://evil.example' });
    expect(await refusal(socket)).toBe('ORIGIN_NOT_ALLOWED');
  });

  it('delivers a push from the worker to user:<id> on a second API process, and the admin hint to admins only', async () => {
    const [apiA, apiB] = campus.apis;
    const learner = new BrowserLikeClient(apiA!.origin);
    await loginThroughDevIdp(learner, { login: 'learner-new' });
    const admin = new BrowserLikeClient(apiA!.origin);
    await loginThroughDevIdp(admin, { login: 'admin' });

    // Same database and session table: the learner's cookie works on process B as well.
    const learnerSocket = connect(apiB!.origin, { cookie: (await learner.jar.getCookieString(apiA!.origin)) ?? '', origin: apiB!.origin });
    const adminSocket = connect(apiA!.origin, await sessionHeaders(admin, apiA!.origin));
    await Promise.all([connected(learnerSocket), connected(adminSocket)]);

    const userUpdated = new Promise((resolve) => learnerSocket.once('user.updated', resolve));
    const adminHinted = new Promise<void>((resolve) => adminSocket.once('admin.eventsCommitted', () => resolve()));
    const learnerNeverSeesAdminStream = jest.fn();
    learnerSocket.on('admin.eventsCommitted', learnerNeverSeesAdminStream);
    const cursor = await feedCursorNow(admin);

    // The command runs on process A; the worker relays it and pushes through Redis to B's socket.
    expect((await learner.xhr('POST', '/api/v1/agreements/accept')).status).toBe(200);

    await expect(userUpdated).resolves.toMatchObject({ lastName: '新規', hasAcceptedAgreements: true });
    await adminHinted;
    const acceptance = await waitFor('the acceptance in the admin feed', async () => (await readFeed(admin, cursor)).items.find((event) => event.type === 'AgreementAccepted'));
    expect(acceptance).toMatchObject({ type: 'AgreementAccepted', streamType: 'user' });
    // Both controls arrived (the learner's socket works, the admins were hinted): a leak would be right behind.
    await quietWindow();
    expect(learnerNeverSeesAdminStream).not.toHaveBeenCalled();
  });
});
