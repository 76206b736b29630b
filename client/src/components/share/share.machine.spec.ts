import { createActor, fromPromise, waitFor } from 'xstate';
import { ApiError } from '../../lib/api-client';
import { deferred } from '../../test/deferred';
import type { SnsWindow } from './sns-window';
import { LINK_COPIED_TEXT, LINK_COPY_FAILED_TEXT, shareMachine } from './share.machine';

const PAGE = 'https://campus.example/line-ads/courses/first-steps?from=top';
const TITLE = 'はじめての LINE 広告';

interface Fakes {
  shorten?: (url: string) => Promise<string>;
  /** What window.open gave: a window, or null when the popup was blocked. */
  openedWindow?: SnsWindow | null;
  clipboard?: (text: string) => Promise<void>;
  shortenTimeoutMs?: number;
}

function setUp(fakes: Fakes = {}) {
  const shortened: string[] = [];
  const clipboard: string[] = [];
  const toasts: string[] = [];
  const newTabs: string[] = [];
  const openWindow = jest.fn((_: { name: string }) => fakes.openedWindow ?? null);
  const logic = shareMachine.provide({
    actors: {
      shorten: fromPromise<string, { url: string }>(({ input }) => {
        shortened.push(input.url);
        return fakes.shorten ? fakes.shorten(input.url) : Promise.resolve('https://campus.example/s/abc123');
      }),
      openWindow: fromPromise<SnsWindow | null, { name: string }>(async ({ input }) => openWindow(input)),
      writeClipboard: fromPromise<void, { text: string }>(({ input }) => {
        clipboard.push(input.text);
        return fakes.clipboard ? fakes.clipboard(input.text) : Promise.resolve();
      }),
    },
    actions: {
      toast: (_, params) => toasts.push(params.message),
      openInNewTab: (_, params) => newTabs.push(params.url),
    },
    delays: { SHORTEN_TIMEOUT: fakes.shortenTimeoutMs ?? 3000 },
  });
  const actor = createActor(logic).start();
  return { actor, shortened, clipboard, toasts, newTabs, openWindow };
}

const aWindow = () => ({ navigate: jest.fn<void, [string]>() });
const settledIdle = (actor: ReturnType<typeof setUp>['actor']) => waitFor(actor, (s) => s.matches('idle'));

describe('shareMachine', () => {
  it('opens and closes the menu', () => {
    const { actor } = setUp();
    actor.send({ type: 'OPEN' });
    expect(actor.getSnapshot().value).toBe('menuOpen');
    actor.send({ type: 'CLOSE' });
    expect(actor.getSnapshot().value).toBe('idle');
    actor.send({ type: 'TOGGLE' });
    actor.send({ type: 'TOGGLE' });
    expect(actor.getSnapshot().value).toBe('idle');
  });

  it('ignores share requests while the menu is closed', () => {
    const { actor, openWindow } = setUp();
    actor.send({ type: 'SHARE', network: 'facebook', pageUrl: PAGE, title: TITLE });
    expect(openWindow).not.toHaveBeenCalled();
    expect(actor.getSnapshot().value).toBe('idle');
  });

  describe('to a social network', () => {
    it('opens the window inside the click, then sends it to Facebook with the short link', async () => {
      const snsWindow = aWindow();
      const { actor, shortened, openWindow } = setUp({ openedWindow: snsWindow });

      actor.send({ type: 'OPEN' });
      actor.send({ type: 'SHARE', network: 'facebook', pageUrl: PAGE, title: TITLE });

      // Synchronously, i.e. still within the user's click.
      expect(openWindow).toHaveBeenCalledWith({ name: 'campus-share-facebook' });
      await settledIdle(actor);
      expect(shortened).toEqual([`${PAGE}&utm_source=shared_sns&utm_medium=fb`]);
      expect(snsWindow.navigate).toHaveBeenCalledWith(
        `https://www.facebook.com/sharer/sharer.php?u=${encodeURIComponent('https://campus.example/s/abc123')}`,
      );
    });

    it('marks X shares with medium tw and sends the title as the text', async () => {
      const snsWindow = aWindow();
      const { actor, shortened } = setUp({ openedWindow: snsWindow });

      actor.send({ type: 'OPEN' });
      actor.send({ type: 'SHARE', network: 'x', pageUrl: PAGE, title: TITLE });
      await settledIdle(actor);

      expect(shortened).toEqual([`${PAGE}&utm_source=shared_sns&utm_medium=tw`]);
      expect(snsWindow.navigate).toHaveBeenCalledWith(
        `https://twitter.com/intent/tweet?url=${encodeURIComponent('https://campus.example/s/abc123')}&text=${encodeURIComponent(TITLE)}`,
      );
    });

    it('shares the long address when shortening fails', async () => {
      const snsWindow = aWindow();
      const { actor } = setUp({
        openedWindow: snsWindow,
        shorten: () => Promise.reject(new ApiError({ message: '不正なURLです', status: 400, code: 'VALIDATION_FAILED' })),
      });

      actor.send({ type: 'OPEN' });
      actor.send({ type: 'SHARE', network: 'facebook', pageUrl: PAGE, title: TITLE });
      await settledIdle(actor);

      expect(snsWindow.navigate).toHaveBeenCalledWith(
        `https://www.facebook.com/sharer/sharer.php?u=${encodeURIComponent(`${PAGE}&utm_source=shared_sns&utm_medium=fb`)}`,
      );
    });

    it('shares the long address when shortening takes too long', async () => {
      const snsWindow = aWindow();
      const never = deferred<string>();
      const { actor } = setUp({ openedWindow: snsWindow, shorten: () => never.promise, shortenTimeoutMs: 20 });

      actor.send({ type: 'OPEN' });
      actor.send({ type: 'SHARE', network: 'x', pageUrl: PAGE, title: TITLE });
      await settledIdle(actor);

      expect(snsWindow.navigate).toHaveBeenCalledTimes(1);
      expect(snsWindow.navigate.mock.calls[0]![0]).toContain(encodeURIComponent('utm_medium=tw'));
      never.resolve('https://campus.example/s/late');
    });

    it('falls back to a new tab when the browser blocked the window', async () => {
      const { actor, newTabs } = setUp({ openedWindow: null });

      actor.send({ type: 'OPEN' });
      actor.send({ type: 'SHARE', network: 'facebook', pageUrl: PAGE, title: TITLE });
      await settledIdle(actor);

      expect(newTabs).toEqual([
        `https://www.facebook.com/sharer/sharer.php?u=${encodeURIComponent('https://campus.example/s/abc123')}`,
      ]);
    });

    it('closes the menu while sharing', () => {
      const { actor } = setUp({ openedWindow: aWindow() });
      actor.send({ type: 'OPEN' });
      actor.send({ type: 'SHARE', network: 'facebook', pageUrl: PAGE, title: TITLE });
      expect(actor.getSnapshot().matches('menuOpen')).toBe(false);
      expect(actor.getSnapshot().matches('sharing')).toBe(true);
    });
  });

  describe('copying the link', () => {
    it('copies the short link of the address marked shared / link and says so', async () => {
      const { actor, shortened, clipboard, toasts } = setUp();

      actor.send({ type: 'OPEN' });
      actor.send({ type: 'COPY', pageUrl: PAGE });
      await settledIdle(actor);

      expect(shortened).toEqual([`${PAGE}&utm_source=shared&utm_medium=link`]);
      expect(clipboard).toEqual(['https://campus.example/s/abc123']);
      expect(toasts).toEqual(['リンクをコピーしました。']);
      expect(LINK_COPIED_TEXT).toBe('リンクをコピーしました。');
    });

    it('copies the long address when shortening fails', async () => {
      const { actor, clipboard, toasts } = setUp({ shorten: () => Promise.reject(new Error('offline')) });

      actor.send({ type: 'OPEN' });
      actor.send({ type: 'COPY', pageUrl: PAGE });
      await settledIdle(actor);

      expect(clipboard).toEqual([`${PAGE}&utm_source=shared&utm_medium=link`]);
      expect(toasts).toEqual([LINK_COPIED_TEXT]);
    });

    it('tells the learner when the clipboard refused', async () => {
      const { actor, toasts } = setUp({ clipboard: () => Promise.reject(new DOMException('denied', 'NotAllowedError')) });

      actor.send({ type: 'OPEN' });
      actor.send({ type: 'COPY', pageUrl: PAGE });
      await settledIdle(actor);

      expect(toasts).toEqual([LINK_COPY_FAILED_TEXT]);
    });
  });
});
