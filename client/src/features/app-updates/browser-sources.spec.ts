import { createActor, createMachine, type AnyActorLogic } from 'xstate';
import { afterPageLoad, installDismissedBefore, rememberInstallDismissed, watchConnection, watchInstallOffers, watchServiceWorker } from './browser-sources';
import { catchEarlyInstallOffer } from './early-install-offer';
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

  describe('afterPageLoad (when a first visit installs the worker)', () => {
    const pretendLoading = () => jest.spyOn(document, 'readyState', 'get').mockReturnValue('loading');
    beforeEach(() => jest.useFakeTimers());
    afterEach(() => {
      jest.restoreAllMocks();
      jest.useRealTimers();
    });

    it('waits for the load event, then the delay', () => {
      pretendLoading();
      const run = jest.fn();
      afterPageLoad(3000, run);
      jest.advanceTimersByTime(10_000);
      expect(run).not.toHaveBeenCalled();

      window.dispatchEvent(new Event('load'));
      jest.advanceTimersByTime(2999);
      expect(run).not.toHaveBeenCalled();
      jest.advanceTimersByTime(1);
      expect(run).toHaveBeenCalledTimes(1);
    });

    it('counts the delay from now when the page has already loaded', () => {
      const run = jest.fn();
      afterPageLoad(3000, run);
      jest.advanceTimersByTime(3000);
      expect(run).toHaveBeenCalledTimes(1);
    });

    it('runs nothing once cancelled, before or after the load event', () => {
      pretendLoading();
      const beforeLoad = jest.fn();
      afterPageLoad(3000, beforeLoad)();
      const afterLoad = jest.fn();
      const cancel = afterPageLoad(3000, afterLoad);
      window.dispatchEvent(new Event('load'));
      cancel();
      jest.advanceTimersByTime(10_000);
      expect(beforeLoad).not.toHaveBeenCalled();
      expect(afterLoad).not.toHaveBeenCalled();
    });
  });

  it('keeps an install offer the browser made before the app watched, and hands it over once', () => {
    catchEarlyInstallOffer();
    const early = new Event('beforeinstallprompt', { cancelable: true });
    window.dispatchEvent(early);
    // The browser's own mini bar stays away: the campus makes its own offer.
    expect(early.defaultPrevented).toBe(true);

    const first = runUnderParent(watchInstallOffers);
    expect(first.received).toEqual([expect.objectContaining({ type: 'INSTALL_AVAILABLE', prompt: early })]);
    const later = new Event('beforeinstallprompt', { cancelable: true });
    window.dispatchEvent(later);
    expect(first.received.map((event) => (event as { prompt?: Event }).prompt)).toEqual([early, later]);
    first.stop();

    const second = runUnderParent(watchInstallOffers);
    expect(second.received).toEqual([]);
    second.stop();
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
