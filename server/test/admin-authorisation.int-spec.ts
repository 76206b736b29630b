import { randomUUID } from 'node:crypto';
import { API_ROUTES, type ApiRoute } from '../src/contracts/api-routes';
import { BrowserLikeClient } from './support/browser-like-client';
import { startCampus } from './support/campus-harness';
import { openSessionSocket, quietWindow, type CampusSocket } from './support/campus-socket';
import { logInAsDemo } from './support/dev-idp-login';
import { feedCursorNow, readFeed } from './support/admin-feed';
import { waitFor } from './support/wait-for';

/** A concrete address for a documented path: every `{param}` gets a value that would otherwise be accepted. */
function addressOf(route: ApiRoute): string {
  return route.path.replace(/\{(\w+)\}/g, (_, name: string) => (name === 'queueName' ? 'campus' : name === 'jobId' ? '1' : randomUUID()));
}

const ADMIN_ROUTES = API_ROUTES.filter((route) => route.access === 'admin');
const describeRoute = (route: ApiRoute) => `${route.method} ${route.path}`;

/**
 * Every admin endpoint refuses everyone but admins: a visitor gets 401, a learner 403, before any
 * input is looked at. The list is the documented route table, and the served routes under
 * /api/v1/admin must all be in it as admin routes, so a new admin endpoint cannot slip past this.
 */
describe('admin authorisation matrix', () => {
  let campus: Awaited<ReturnType<typeof startCampus>>;
  let visitor: BrowserLikeClient;
  let learner: BrowserLikeClient;
  let admin: BrowserLikeClient;
  const sockets: CampusSocket[] = [];

  beforeAll(async () => {
    campus = await startCampus({ worker: true });
    visitor = new BrowserLikeClient(campus.api.origin);
    learner = await logInAsDemo(campus.api.origin, 'learner');
    admin = await logInAsDemo(campus.api.origin, 'admin');
  });
  afterAll(async () => {
    sockets.forEach((socket) => socket.disconnect());
    await campus.stop();
  });

  const call = (client: BrowserLikeClient, route: ApiRoute) =>
    client.xhr(route.method, addressOf(route), route.method === 'GET' || route.method === 'DELETE' ? undefined : {});

  it('covers every served admin route', () => {
    const served = campus.api.app
      .getHttpAdapter()
      .getInstance()
      .printRoutes({ commonPrefix: false })
      .split('\n')
      .map((line: string) => line.replace(/^[\s│├└─]+/, '').trim().replace(/ \(.*\)$/, '').replace(/:(\w+)/g, '{$1}'))
      .filter((path: string) => path.startsWith('/api/v1/admin'));
    expect(served.length).toBeGreaterThan(0);
    const adminPaths = new Set(ADMIN_ROUTES.map((route) => route.path.replace(/\/$/, '')));
    for (const path of new Set(served)) expect(adminPaths).toContain(path.replace(/\/$/, ''));
    expect(ADMIN_ROUTES.length).toBeGreaterThanOrEqual(15);
  });

  it.each(ADMIN_ROUTES.map((route) => [describeRoute(route), route] as const))('%s: a visitor gets 401 LOGIN_REQUIRED', async (_, route) => {
    const reply = await call(visitor, route);
    expect({ status: reply.status, code: reply.json<{ code: string }>().code }).toEqual({ status: 401, code: 'LOGIN_REQUIRED' });
  });

  it.each(ADMIN_ROUTES.map((route) => [describeRoute(route), route] as const))('%s: a learner gets 403 FORBIDDEN', async (_, route) => {
    const reply = await call(learner, route);
    const body = reply.json<{ code: string; message: string; status: number }>();
    expect(body).toEqual({ code: 'FORBIDDEN', status: 403, message: 'この操作を行う権限がありません' });
  });

  it.each(ADMIN_ROUTES.map((route) => [describeRoute(route), route] as const))('%s: an admin gets past the guard', async (_, route) => {
    const reply = await call(admin, route);
    // An empty body or an unknown id may still be refused, but for what it is, not for who is asking.
    expect([401, 403, 500]).not.toContain(reply.status);
  });

  it('keeps a learner out of the admin room, whatever the socket asks for', async () => {
    const learnerSocket = await openSessionSocket(campus.api.origin, learner);
    const adminSocket = await openSessionSocket(campus.api.origin, admin);
    sockets.push(learnerSocket, adminSocket);
    const leaked = jest.fn();
    learnerSocket.on('admin.eventsCommitted', leaked);
    // Sockets have no client-to-server events; a crafted join request must change nothing.
    const raw = learnerSocket as unknown as { emit: (event: string, ...args: unknown[]) => void };
    raw.emit('join', 'admin');
    raw.emit('subscribe', { room: 'admin' });

    // Controls: the learner's own push proves their socket receives, the admin's hint proves the admins were told.
    const learnerTold = new Promise((resolve) => learnerSocket.once('user.updated', resolve));
    const adminHinted = new Promise<void>((resolve) => adminSocket.once('admin.eventsCommitted', () => resolve()));
    const cursor = await feedCursorNow(admin);
    const profile = { lastName: '山田', firstName: '太郎', lastNameKana: 'ヤマダ', firstNameKana: 'タロウ', email: 'taro@example.jp' };
    expect((await learner.xhr('PUT', '/api/v1/me', profile)).status).toBe(200);
    await adminHinted;
    const seen = await waitFor('the update in the admin feed', async () => (await readFeed(admin, cursor)).items.find((event) => event.type === 'ProfileUpdated'));
    expect(seen).toMatchObject({ type: 'ProfileUpdated', streamType: 'user' });
    await expect(learnerTold).resolves.toMatchObject({ lastName: '山田' });
    await quietWindow();
    expect(leaked).not.toHaveBeenCalled();
    expect(learnerSocket.connected).toBe(true);
  });
});
