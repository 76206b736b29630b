import type { WalletOffer } from '@campus/contracts/wallet-offers';
import { assign, fromCallback, fromPromise, setup, type SnapshotFrom } from 'xstate';
import { errorMessageOf } from '../../../lib/api-client';
import { qrCodeSvg } from '../qr-code';

/**
 * 「ウォレットに追加」: a fresh OpenID4VCI offer of the certificate's credential, shown with its QR code
 * until it expires.
 *
 *   idle ── OPEN ──→ creating ── made ────→ ready ── deadline passed ──→ expired ── RECREATE ──→ creating
 *                             └─ refused ─→ failed ── RETRY ──→ creating
 *   any ── CLOSE ──→ idle
 *
 * In `ready` the QR code is drawn (the encoder loads then) and a TICK each second counts down. The
 * deadline is counted from when the request left, on this device's clock: never later than the server's.
 */
export interface WalletOfferInput {
  create: () => Promise<WalletOffer>;
  /** Milliseconds now (Date.now); tests give their own clock. */
  now?: () => number;
}

export type WalletOfferEvent = { type: 'OPEN' } | { type: 'CLOSE' } | { type: 'RETRY' } | { type: 'RECREATE' } | { type: 'TICK' };

interface WalletOfferContext {
  create: () => Promise<WalletOffer>;
  now: () => number;
  offer: WalletOffer | null;
  deadline: number;
  remainingSeconds: number;
  qrSvg: string | null;
  qrFailed: boolean;
  /** The QR code of the JSON URL, for wallets that scan a URL (the Learner Credential Wallet); it never expires. */
  plainQrSvg: string | null;
  error: string | null;
}

const cleared = { offer: null, qrSvg: null, qrFailed: false, plainQrSvg: null, error: null } as const;

export const walletOfferMachine = setup({
  types: { input: {} as WalletOfferInput, context: {} as WalletOfferContext, events: {} as WalletOfferEvent },
  actors: {
    createOffer: fromPromise<{ offer: WalletOffer; sentAt: number }, Pick<WalletOfferContext, 'create' | 'now'>>(async ({ input }) => {
      const sentAt = input.now();
      return { offer: await input.create(), sentAt };
    }),
    drawQrCode: fromPromise<string, { text: string }>(({ input }) => qrCodeSvg(input.text)),
    ticker: fromCallback<WalletOfferEvent>(({ sendBack }) => {
      const timer = setInterval(() => sendBack({ type: 'TICK' }), 1000);
      return () => clearInterval(timer);
    }),
  },
  guards: {
    pastDeadline: ({ context }) => context.now() >= context.deadline,
  },
  actions: {
    countDown: assign({ remainingSeconds: ({ context }) => Math.max(0, Math.ceil((context.deadline - context.now()) / 1000)) }),
  },
}).createMachine({
  id: 'walletOffer',
  context: ({ input }) => ({ create: input.create, now: input.now ?? Date.now, deadline: 0, remainingSeconds: 0, ...cleared }),
  initial: 'idle',
  on: { CLOSE: { target: '.idle', actions: assign(cleared) } },
  states: {
    idle: { on: { OPEN: 'creating' } },
    creating: {
      entry: assign(cleared),
      invoke: {
        src: 'createOffer',
        input: ({ context }) => ({ create: context.create, now: context.now }),
        onDone: {
          target: 'ready',
          actions: assign(({ event }) => {
            const deadline = event.output.sentAt + event.output.offer.expiresInSeconds * 1000;
            return { offer: event.output.offer, deadline, remainingSeconds: event.output.offer.expiresInSeconds };
          }),
        },
        onError: { target: 'failed', actions: assign({ error: ({ event }) => errorMessageOf(event.error) }) },
      },
    },
    ready: {
      entry: 'countDown',
      invoke: [
        { src: 'ticker' },
        {
          src: 'drawQrCode',
          input: ({ context }) => ({ text: context.offer!.offerUri }),
          onDone: { actions: assign({ qrSvg: ({ event }) => event.output }) },
          onError: { actions: assign({ qrFailed: true }) },
        },
        // Without it the plain URL is still there to copy: a failure only leaves the code out.
        {
          src: 'drawQrCode',
          input: ({ context }) => ({ text: context.offer!.jsonUrl }),
          onDone: { actions: assign({ plainQrSvg: ({ event }) => event.output }) },
          onError: { actions: assign({ plainQrSvg: null }) },
        },
      ],
      on: { TICK: [{ guard: 'pastDeadline', target: 'expired' }, { actions: 'countDown' }] },
    },
    // The code is dead: its QR code and link go, the plain URL stays (it never expires).
    expired: { entry: assign({ remainingSeconds: 0, qrSvg: null }), on: { RECREATE: 'creating' } },
    failed: { on: { RETRY: 'creating' } },
  },
});

export type WalletOfferSnapshot = SnapshotFrom<typeof walletOfferMachine>;

/** What the dialog shows. */
export type WalletOfferView =
  | { status: 'closed' }
  | { status: 'creating' }
  | { status: 'ready'; offer: WalletOffer; remainingSeconds: number; qrSvg: string | null; qrFailed: boolean; plainQrSvg: string | null }
  | { status: 'expired'; offer: WalletOffer; plainQrSvg: string | null }
  | { status: 'failed'; message: string };

export function selectWalletOfferView(snapshot: WalletOfferSnapshot): WalletOfferView {
  const { offer, remainingSeconds, qrSvg, qrFailed, plainQrSvg, error } = snapshot.context;
  if (snapshot.matches('creating')) return { status: 'creating' };
  if (snapshot.matches('ready') && offer) return { status: 'ready', offer, remainingSeconds, qrSvg, qrFailed, plainQrSvg };
  if (snapshot.matches('expired') && offer) return { status: 'expired', offer, plainQrSvg };
  if (snapshot.matches('failed')) return { status: 'failed', message: error ?? '' };
  return { status: 'closed' };
}
