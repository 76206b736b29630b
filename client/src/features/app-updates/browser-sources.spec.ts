import { createActor, createMachine, type AnyActorLogic } from 'xstate';
import { installDismissedBefore, rememberInstallDismissed, watchConnection, watchServiceWorker } from './browser-sources';
import { PERSONAL_CACHES } from '../../lib/offline-cache-rules';
import { forgetPersonalCaches } from '../../lib/offline-caches';

/** Runs a callback actor under a parent that records what it sends back. */
function runUnderParent(logic: AnyActorLogic) {
  const received: { type: string }[] = [];
  const parent = createActor(
    createMachine({
      invoke: { src: logic },
      on: { '*': { actions: ({ event }) => received.push(event) } },
    }),
  ).start();
  return { received, stop: () => parent.stop() };
}

describe('browser sources', () => {
  afterEach(() => window.localStorage.clear());

  it('registers no worker outside a build (jest, vite dev) and says so to the machine', () => {
    const { received, stop } = runUnderParent(watchServiceWorker);
    expect(received.map((event) => event.type)).toEqual(['REGISTRATION_FAILED']);
    stop();
  });

  it('remembers a dismissed install offer in localStorage', () => {
    expect(installDismissedBefore()).toBe(false);
    rememberInstallDismissed();
    expect(installDismissedBefore()).toBe(true);
  });

  it('follows the browser offline and back', () => {
    const { received, stop } = runUnderParent(watchConnection);
    window.dispatchEvent(new Event('offline'));
    window.dispatchEvent(new Event('online'));
    expect(received.map((event) => event.type)).toEqual(['OFFLINE', 'ONLINE']);
    stop();
    window.dispatchEvent(new Event('offline'));
    expect(received).toHaveLength(2);
  });

  it('empties the personal caches at logout, and never fails where there is no Cache Storage', async () => {
    await expect(forgetPersonalCaches()).resolves.toBeUndefined();
    const deleted: string[] = [];
    const fake = { delete: jest.fn(async (name: string) => (deleted.push(name), true)) };
    Object.defineProperty(globalThis, 'caches', { value: fake, configurable: true });
    try {
      await forgetPersonalCaches();
      expect(deleted).toEqual([...PERSONAL_CACHES]);
      fake.delete.mockRejectedValueOnce(new Error('SecurityError'));
      await expect(forgetPersonalCaches()).resolves.toBeUndefined();
    } finally {
      delete (globalThis as { caches?: unknown }).caches;
    }
  });
});
