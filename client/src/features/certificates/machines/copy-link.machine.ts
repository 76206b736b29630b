import { assign, fromPromise, setup, type SnapshotFrom } from 'xstate';
import { showToast } from '../../../components/ui/popup/popups';

/**
 * Copies one given link (the certificate's verification URL) and says so in a toast.
 *
 *   idle ── COPY ──→ copying ── written ──→ idle (toast 'リンクをコピーしました。')
 *                            └─ refused ──→ idle (toast: copy it by hand)
 *
 * The share menu's copy is for the page's own address (UTM-marked, shortened), so it does not
 * fit a link that must stay exactly as printed on the PDF.
 */

/** Spec §8, the same words as the share menu's copy. */
export const LINK_COPIED_TEXT = 'リンクをコピーしました。';
export const LINK_NOT_COPIED_TEXT = 'リンクをコピーできませんでした。表示されているURLを選択してコピーしてください。';

export type CopyLinkEvent = { type: 'COPY'; text: string };

async function writeClipboard(text: string): Promise<void> {
  // Missing on insecure pages and in some embedded browsers.
  if (!navigator.clipboard?.writeText) throw new Error('The clipboard is not available');
  await navigator.clipboard.writeText(text);
}

export const copyLinkMachine = setup({
  types: { context: {} as { text: string }, events: {} as CopyLinkEvent },
  actors: {
    writeClipboard: fromPromise<void, { text: string }>(({ input }) => writeClipboard(input.text)),
  },
  actions: {
    toast: (_, params: { message: string }) => showToast(params.message),
  },
}).createMachine({
  id: 'copyLink',
  context: { text: '' },
  initial: 'idle',
  states: {
    idle: {
      on: { COPY: { target: 'copying', actions: assign({ text: ({ event }) => event.text }) } },
    },
    copying: {
      invoke: {
        src: 'writeClipboard',
        input: ({ context }) => ({ text: context.text }),
        onDone: { target: 'idle', actions: { type: 'toast', params: { message: LINK_COPIED_TEXT } } },
        onError: { target: 'idle', actions: { type: 'toast', params: { message: LINK_NOT_COPIED_TEXT } } },
      },
    },
  },
});

export type CopyLinkSnapshot = SnapshotFrom<typeof copyLinkMachine>;

export const selectCopying = (snapshot: CopyLinkSnapshot): boolean => snapshot.matches('copying');
