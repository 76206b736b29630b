import type { WalletOffer } from '@campus/contracts/wallet-offers';
import { createActor, fromCallback, fromPromise, waitFor } from 'xstate';
import { ApiError } from '../../../lib/api-client';
import { qrCodeSvg } from '../qr-code';
import { selectWalletOfferView, walletOfferMachine, type WalletOfferEvent } from './wallet-offer.machine';

const anOffer = (code: string): WalletOffer => ({
  offerUri: `openid-credential-offer://?credential_offer=${encodeURIComponent(JSON.stringify({ grants: { 'urn:ietf:params:oauth:grant-type:pre-authorized_code': { 'pre-authorized_code': code } } }))}`,
  expiresAt: '2026-04-10T03:05:00.000Z',
  expiresInSeconds: 300,
  credentialUrl: 'https://campus.test/api/v1/credentials/0b6f3c2e',
  jsonUrl: 'https://campus.test/api/v1/credentials/0b6f3c2e?format=json',
});

/** A machine on a clock the test moves, with the QR code drawn as its text and no timer of its own (TICK is sent). */
function walletOffer(create: () => Promise<WalletOffer>, drawn: string[] = []) {
  let now = 1_000_000;
  const logic = walletOfferMachine.provide({
    actors: {
      drawQrCode: fromPromise<string, { text: string }>(async ({ input }) => {
        drawn.push(input.text);
        return `<svg>${input.text}</svg>`;
      }),
      ticker: fromCallback<WalletOfferEvent>(() => () => {}),
    },
  });
  const actor = createActor(logic, { input: { create, now: () => now } }).start();
  return { actor, advance: (ms: number) => (now += ms), view: () => selectWalletOfferView(actor.getSnapshot()) };
}

describe('wallet offer machine', () => {
  it('stays closed until OPEN, then makes an offer and draws its QR code', async () => {
    const drawn: string[] = [];
    const { actor, view } = walletOffer(async () => anOffer('first'), drawn);
    expect(view()).toEqual({ status: 'closed' });
    actor.send({ type: 'OPEN' });
    expect(view()).toEqual({ status: 'creating' });
    await waitFor(actor, (snapshot) => snapshot.context.qrSvg !== null && snapshot.context.plainQrSvg !== null);
    // Two codes: the offer (OpenID4VCI wallets) and the JSON URL (wallets that scan a URL).
    expect(view()).toEqual({
      status: 'ready',
      offer: anOffer('first'),
      remainingSeconds: 300,
      qrSvg: `<svg>${anOffer('first').offerUri}</svg>`,
      qrFailed: false,
      plainQrSvg: `<svg>${anOffer('first').jsonUrl}</svg>`,
    });
    expect(drawn).toEqual([anOffer('first').offerUri, anOffer('first').jsonUrl]);
  });

  it('counts down from when the request left, expires, and makes a new offer on RECREATE', async () => {
    const codes = ['first', 'second'];
    const { actor, advance, view } = walletOffer(async () => {
      // The answer took two seconds: those are already gone from the offer's five minutes.
      advance(2000);
      return anOffer(codes.shift()!);
    });
    actor.send({ type: 'OPEN' });
    await waitFor(actor, (snapshot) => snapshot.matches('ready') && snapshot.context.plainQrSvg !== null);
    expect(view()).toMatchObject({ remainingSeconds: 298 });
    advance(58_000);
    actor.send({ type: 'TICK' });
    expect(view()).toMatchObject({ status: 'ready', remainingSeconds: 240 });
    advance(240_000);
    actor.send({ type: 'TICK' });
    // The offer's code goes; the JSON URL's stays (that URL never expires).
    expect(view()).toEqual({ status: 'expired', offer: anOffer('first'), plainQrSvg: `<svg>${anOffer('first').jsonUrl}</svg>` });
    expect(actor.getSnapshot().context.qrSvg).toBeNull();

    actor.send({ type: 'RECREATE' });
    await waitFor(actor, (snapshot) => snapshot.matches('ready'));
    expect(view()).toMatchObject({ status: 'ready', offer: anOffer('second'), remainingSeconds: 298 });
  });

  it('says why an offer could not be made, in the API’s words, and tries again on RETRY', async () => {
    const answers: Array<() => Promise<WalletOffer>> = [
      () => Promise.reject(new ApiError({ message: 'このデジタル認定証は取り消されているため、ウォレットに追加できません', status: 410, code: 'CERTIFICATE_REVOKED' })),
      () => Promise.reject(new ApiError({ message: 'Internal', status: 500, code: 'INTERNAL_ERROR' })),
      async () => anOffer('third'),
    ];
    const { actor, view } = walletOffer(() => answers.shift()!());
    actor.send({ type: 'OPEN' });
    await waitFor(actor, (snapshot) => snapshot.matches('failed'));
    expect(view()).toEqual({ status: 'failed', message: 'このデジタル認定証は取り消されているため、ウォレットに追加できません' });
    actor.send({ type: 'RETRY' });
    expect(view()).toEqual({ status: 'creating' });
    await waitFor(actor, (snapshot) => snapshot.matches('failed'));
    // A server failure is never shown in the server's words.
    expect(view()).toEqual({ status: 'failed', message: 'エラーが発生しました。時間をおいて再度お試しください。' });
    actor.send({ type: 'RETRY' });
    await waitFor(actor, (snapshot) => snapshot.matches('ready'));
  });

  it('closes from any state, forgetting the offer; a QR code that cannot be drawn leaves the link', async () => {
    const { actor, view } = walletOffer(async () => anOffer('first'));
    actor.send({ type: 'OPEN' });
    await waitFor(actor, (snapshot) => snapshot.matches('ready'));
    actor.send({ type: 'CLOSE' });
    expect(view()).toEqual({ status: 'closed' });
    expect(actor.getSnapshot().context.offer).toBeNull();

    const broken = createActor(
      walletOfferMachine.provide({
        actors: { drawQrCode: fromPromise<string, { text: string }>(() => Promise.reject(new Error('no encoder'))), ticker: fromCallback<WalletOfferEvent>(() => () => {}) },
      }),
      { input: { create: async () => anOffer('first') } },
    ).start();
    broken.send({ type: 'OPEN' });
    await waitFor(broken, (snapshot) => snapshot.context.qrFailed);
    expect(selectWalletOfferView(broken.getSnapshot())).toMatchObject({ status: 'ready', qrSvg: null, qrFailed: true, plainQrSvg: null });
  });

  it('ticks once a second while an offer is shown (the real ticker)', async () => {
    jest.useFakeTimers();
    try {
      let now = 0;
      const actor = createActor(
        walletOfferMachine.provide({ actors: { drawQrCode: fromPromise<string, { text: string }>(async () => '<svg/>') } }),
        { input: { create: async () => anOffer('first'), now: () => now } },
      ).start();
      actor.send({ type: 'OPEN' });
      await jest.advanceTimersByTimeAsync(0);
      expect(actor.getSnapshot().matches('ready')).toBe(true);
      now = 3000;
      await jest.advanceTimersByTimeAsync(3000);
      expect(actor.getSnapshot().context.remainingSeconds).toBe(297);
      now = 300_000;
      await jest.advanceTimersByTimeAsync(1000);
      expect(actor.getSnapshot().matches('expired')).toBe(true);
      actor.stop();
    } finally {
      jest.useRealTimers();
    }
  });
});

describe('qrCodeSvg', () => {
  it('draws the offer URI as an SVG QR code, loading the encoder on first use', async () => {
    const svg = await qrCodeSvg(anOffer('first').offerUri);
    expect(svg).toMatch(/^<svg[^>]*viewBox="0 0 \d+ \d+"/);
    expect(svg).toContain('<path');
  });
});
