import { assign, fromPromise, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import { showToast } from '../ui/popup/popups';
import { trackEvent } from '../../lib/analytics';
import { shortenUrl } from './shorten-url';
import { writeToClipboard } from './clipboard';
import { snsShareUrl, withShareUtm, type ShareTarget, type SnsNetwork } from './share-links';
import { openBlankSnsWindow, openInNewTab, type SnsWindow } from './sns-window';

/**
 * The share menu of a page (spec §2 "Share", §8, §9).
 *
 *   idle ─ OPEN / TOGGLE ─→ menuOpen ─ CLOSE / TOGGLE ─→ idle
 *                             ├─ SHARE ─→ sharing: opening the window → shortening → deliver ─→ idle
 *                             └─ COPY ──→ copying: shortening → writing → toast ─→ idle
 *
 * - The share window is opened empty inside the click (popup blockers allow only that) and gets
 *   the network's address once the short link is known; a refused window falls back to a new tab.
 * - Shortening never fails the share: any error, or no answer within SHORTEN_TIMEOUT, uses the
 *   long (UTM-marked) address instead (spec §8).
 */

/** Spec §8, verbatim. */
export const LINK_COPIED_TEXT = 'リンクをコピーしました。';
export const LINK_COPY_FAILED_TEXT = 'リンクをコピーできませんでした。お手数ですが、アドレスバーのURLをコピーしてください。';

/** How long a blank share window waits for the short link before the long one is used. */
export const SHORTEN_TIMEOUT_MS = 3000;

export interface ShareContext {
  target: ShareTarget | null;
  title: string;
  /** The page address marked with the target's UTM parameters. */
  markedUrl: string;
  /** What is shared: the short link, or `markedUrl` when shortening failed. */
  link: string;
  snsWindow: SnsWindow | null;
}

export type ShareEvent =
  | { type: 'OPEN' }
  | { type: 'CLOSE' }
  | { type: 'TOGGLE' }
  /** `pageUrl`: the page's address without its fragment. */
  | { type: 'SHARE'; network: SnsNetwork; pageUrl: string; title: string }
  | { type: 'COPY'; pageUrl: string };

const windowName = (network: SnsNetwork) => `campus-share-${network}`;

export const shareMachine = setup({
  types: {
    context: {} as ShareContext,
    events: {} as ShareEvent,
  },
  actors: {
    shorten: fromPromise<string, { url: string }>(({ input, signal }) => shortenUrl(input.url, { signal })),
    /** Runs synchronously on start, i.e. still inside the click that sent SHARE. */
    openWindow: fromPromise<SnsWindow | null, { name: string }>(async ({ input }) => openBlankSnsWindow(input.name)),
    writeClipboard: fromPromise<void, { text: string }>(({ input }) => writeToClipboard(input.text)),
  },
  actions: {
    openInNewTab: (_, params: { url: string }) => openInNewTab(params.url),
    toast: (_, params: { message: string }) => showToast(params.message),
    track: (_, params: { target: ShareTarget }) => trackEvent('share', { method: params.target }),
  },
  delays: {
    SHORTEN_TIMEOUT: SHORTEN_TIMEOUT_MS,
  },
  guards: {
    hasWindow: ({ context }) => context.snsWindow !== null,
  },
}).createMachine({
  id: 'share',
  context: { target: null, title: '', markedUrl: '', link: '', snsWindow: null },
  initial: 'idle',
  states: {
    idle: {
      entry: assign({ target: null, snsWindow: null }),
      on: { OPEN: 'menuOpen', TOGGLE: 'menuOpen' },
    },
    menuOpen: {
      on: {
        CLOSE: 'idle',
        TOGGLE: 'idle',
        SHARE: {
          target: 'sharing',
          actions: [
            assign(({ event }) => {
              const markedUrl = withShareUtm(event.pageUrl, event.network);
              return { target: event.network, title: event.title, markedUrl, link: markedUrl };
            }),
            { type: 'track', params: ({ event }) => ({ target: event.network }) },
          ],
        },
        COPY: {
          target: 'copying',
          actions: [
            assign(({ event }) => {
              const markedUrl = withShareUtm(event.pageUrl, 'link');
              return { target: 'link' as const, markedUrl, link: markedUrl };
            }),
            { type: 'track', params: { target: 'link' } },
          ],
        },
      },
    },
    sharing: {
      initial: 'opening',
      states: {
        opening: {
          invoke: {
            src: 'openWindow',
            input: ({ context }) => ({ name: windowName(context.target as SnsNetwork) }),
            onDone: { target: 'shortening', actions: assign({ snsWindow: ({ event }) => event.output }) },
            onError: { target: 'shortening' },
          },
        },
        shortening: {
          invoke: {
            src: 'shorten',
            input: ({ context }) => ({ url: context.markedUrl }),
            onDone: { target: 'delivering', actions: assign({ link: ({ event }) => event.output }) },
            onError: { target: 'delivering' },
          },
          // A slow link keeps the learner (and a blank window) waiting: share the long one instead.
          after: { SHORTEN_TIMEOUT: { target: 'delivering' } },
        },
        delivering: {
          always: [
            {
              guard: 'hasWindow',
              target: '#share.idle',
              actions: ({ context }) =>
                context.snsWindow?.navigate(snsShareUrl(context.target as SnsNetwork, context.link, context.title)),
            },
            {
              target: '#share.idle',
              actions: {
                type: 'openInNewTab',
                params: ({ context }) => ({ url: snsShareUrl(context.target as SnsNetwork, context.link, context.title) }),
              },
            },
          ],
        },
      },
    },
    copying: {
      initial: 'shortening',
      states: {
        shortening: {
          invoke: {
            src: 'shorten',
            input: ({ context }) => ({ url: context.markedUrl }),
            onDone: { target: 'writing', actions: assign({ link: ({ event }) => event.output }) },
            onError: { target: 'writing' },
          },
          // A slow link keeps the learner (and a blank window) waiting: share the long one instead.
          after: { SHORTEN_TIMEOUT: { target: 'writing' } },
        },
        writing: {
          invoke: {
            src: 'writeClipboard',
            input: ({ context }) => ({ text: context.link }),
            onDone: { target: '#share.idle', actions: { type: 'toast', params: { message: LINK_COPIED_TEXT } } },
            onError: { target: '#share.idle', actions: { type: 'toast', params: { message: LINK_COPY_FAILED_TEXT } } },
          },
        },
      },
    },
  },
});

export type ShareSnapshot = SnapshotFrom<typeof shareMachine>;
export type ShareActorRef = ActorRefFrom<typeof shareMachine>;

export const selectMenuOpen = (snapshot: ShareSnapshot): boolean => snapshot.matches('menuOpen');
export const selectBusy = (snapshot: ShareSnapshot): boolean =>
  snapshot.matches('sharing') || snapshot.matches('copying');
