import { whenFirstPageReady } from './first-paint';

type Listener = (state: { initialized: boolean }) => void;

/** The two things whenFirstPageReady reads of a router: its state, and its subscription. */
function fakeRouter(initialized: boolean) {
  const listeners = new Set<Listener>();
  const router = {
    state: { initialized },
    subscribe: (listener: Listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
  const publish = (state: { initialized: boolean }) => listeners.forEach((listener) => listener(state));
  return { router: router as unknown as Parameters<typeof whenFirstPageReady>[0], publish, listeners };
}

function deferred() {
  let resolve!: () => void;
  let reject!: (error: Error) => void;
  const promise = new Promise<void>((yes, no) => {
    resolve = yes;
    reject = no;
  });
  return { promise, resolve, reject };
}

/** Whether the promise has settled once pending callbacks have run. */
async function settled(promise: Promise<void>) {
  let done = false;
  void promise.then(() => (done = true));
  for (let i = 0; i < 5; i++) await Promise.resolve();
  return done;
}

describe('whenFirstPageReady (the first paint waits for the first page and the session)', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('is ready at once when the router has its page and the session check is done', async () => {
    const { router, listeners } = fakeRouter(true);
    expect(await settled(whenFirstPageReady(router, Promise.resolve(), 1000))).toBe(true);
    expect(listeners.size).toBe(0);
  });

  it('waits through navigation updates until the router is initialised, then stops listening', async () => {
    const { router, publish, listeners } = fakeRouter(false);
    const ready = whenFirstPageReady(router, Promise.resolve(), 1000);
    publish({ initialized: false });
    expect(await settled(ready)).toBe(false);

    publish({ initialized: true });
    expect(await settled(ready)).toBe(true);
    expect(listeners.size).toBe(0);
  });

  it('waits for the session check too, whether it succeeds or fails', async () => {
    for (const outcome of ['resolve', 'reject'] as const) {
      const { router } = fakeRouter(true);
      const session = deferred();
      const ready = whenFirstPageReady(router, session.promise, 1000);
      expect(await settled(ready)).toBe(false);
      if (outcome === 'resolve') session.resolve();
      else session.reject(new Error('offline'));
      expect(await settled(ready)).toBe(true);
    }
  });

  it('gives up waiting after the wait, so a slow page shows the header and a skeleton', async () => {
    const { router, listeners } = fakeRouter(false);
    const ready = whenFirstPageReady(router, new Promise(() => {}), 1000);
    jest.advanceTimersByTime(999);
    expect(await settled(ready)).toBe(false);
    jest.advanceTimersByTime(1);
    expect(await settled(ready)).toBe(true);
    expect(listeners.size).toBe(0);
  });
});
