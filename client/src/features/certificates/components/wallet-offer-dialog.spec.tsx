import type { WalletOffer } from '@campus/contracts/wallet-offers';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { fromCallback } from 'xstate';
import { popupActor } from '../../../components/ui/popup/popups';
import { walletOfferMachine, type WalletOfferEvent } from '../machines/wallet-offer.machine';
import { AddToWallet, remainingLabel, WALLET_EXPIRED_TEXT, WALLET_GUIDANCE_TEXT, WALLET_QR_ALT, WALLET_URL_QR_ALT } from './wallet-offer-dialog';

const offer: WalletOffer = {
  offerUri: 'openid-credential-offer://?credential_offer=%7B%22credential_issuer%22%3A%22https%3A%2F%2Fcampus.test%22%7D',
  expiresAt: '2026-04-10T03:05:00.000Z',
  expiresInSeconds: 300,
  credentialUrl: 'https://campus.test/api/v1/credentials/0b6f3c2e',
  jsonUrl: 'https://campus.test/api/v1/credentials/0b6f3c2e?format=json',
};

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/** Answers the offer request with `answers` in turn. */
function fakeOfferApi(...answers: Array<() => Response>) {
  return jest.spyOn(globalThis, 'fetch').mockImplementation(async () => answers.shift()!());
}

describe('AddToWallet', () => {
  it('opens a modal dialog with the offer’s QR code, the wallet link, the time left and the plain URL', async () => {
    const fetchMock = fakeOfferApi(() => json(offer));
    render(<AddToWallet certificateId="certificate-K7QF2M9A" />);
    expect(screen.queryByRole('dialog')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'ウォレットに追加' }));

    const dialog = await screen.findByRole('dialog', { name: 'ウォレットに追加' });
    expect((dialog as HTMLDialogElement).open).toBe(true);
    const qr = await within(dialog).findByRole('img', { name: WALLET_QR_ALT });
    expect(decodeURIComponent(qr.getAttribute('src')!)).toMatch(/^data:image\/svg\+xml;charset=utf-8,<svg/);
    expect(within(dialog).getByText(WALLET_GUIDANCE_TEXT)).toBeInTheDocument();
    expect(within(dialog).getByRole('link', { name: 'ウォレットアプリで開く' }).getAttribute('href')).toBe(offer.offerUri);
    expect(within(dialog).getByRole('timer').textContent).toBe('有効期限：あと5分00秒');
    const plain = within(dialog).getByRole('region', { name: 'URLやファイルで取り込むウォレットの場合' });
    // Wallets that import by URL send no Accept header: the URL offered asks for the JSON-LD form itself.
    expect(within(plain).getByRole('link', { name: offer.jsonUrl }).getAttribute('href')).toBe(offer.jsonUrl);
    expect(within(plain).getByRole('button', { name: 'デジタル認定証のURLをコピー' })).toBeInTheDocument();
    expect(within(plain).getByRole('link', { name: 'JSONファイルをダウンロード' }).getAttribute('href')).toBe(offer.jsonUrl);
    expect(decodeURIComponent((await within(plain).findByRole('img', { name: WALLET_URL_QR_ALT })).getAttribute('src')!)).toMatch(/^data:image\/svg\+xml;charset=utf-8,<svg/);

    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(String(url)).toBe('/api/v1/certificates/certificate-K7QF2M9A/wallet-offer');
    expect(init).toMatchObject({ method: 'POST', headers: expect.objectContaining({ 'X-Requested-With': 'XMLHttpRequest' }) });
  });

  it('closes on 閉じる and on Escape, giving focus back to the button', async () => {
    fakeOfferApi(
      () => json(offer),
      () => json(offer),
    );
    render(<AddToWallet certificateId="c1" />);
    const opener = screen.getByRole('button', { name: 'ウォレットに追加' });
    opener.focus();
    fireEvent.click(opener);
    const dialog = await screen.findByRole('dialog');
    await within(dialog).findByRole('link', { name: 'ウォレットアプリで開く' });
    fireEvent.click(within(dialog).getByRole('button', { name: '閉じる' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(opener);

    fireEvent.click(opener);
    fireEvent.keyDown(await screen.findByRole('dialog'), { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('says in the dialog why no offer could be made (no popup), and tries again', async () => {
    fakeOfferApi(
      () => json({ message: 'このデジタル認定証は取り消されているため、ウォレットに追加できません', status: 410, code: 'CERTIFICATE_REVOKED' }, 410),
      () => json(offer),
    );
    render(<AddToWallet certificateId="c1" />);
    fireEvent.click(screen.getByRole('button', { name: 'ウォレットに追加' }));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('このデジタル認定証は取り消されているため、ウォレットに追加できません');
    expect(popupActor.getSnapshot().value).toBe('closed');
    fireEvent.click(within(dialog).getByRole('button', { name: 'もう一度試す' }));
    expect(await within(dialog).findByRole('link', { name: 'ウォレットアプリで開く' })).toBeInTheDocument();
  });

  it('counts down, then withdraws the QR code and the link once the offer has expired, and makes a new one', async () => {
    let now = 0;
    let tick: () => void = () => {};
    const logic = walletOfferMachine.provide({
      actors: { ticker: fromCallback<WalletOfferEvent>(({ sendBack }) => ((tick = () => sendBack({ type: 'TICK' })), () => {})) },
    });
    const fetchMock = fakeOfferApi(
      () => json(offer),
      () => json(offer),
    );
    const clock = jest.spyOn(Date, 'now').mockImplementation(() => now);
    render(<AddToWallet certificateId="c1" logic={logic} />);
    fireEvent.click(screen.getByRole('button', { name: 'ウォレットに追加' }));
    const dialog = await screen.findByRole('dialog');
    await within(dialog).findByRole('img', { name: WALLET_QR_ALT });
    await within(dialog).findByRole('img', { name: WALLET_URL_QR_ALT });
    now = 61_000;
    act(() => tick());
    expect(within(dialog).getByRole('timer').textContent).toBe('有効期限：あと3分59秒');
    now = 300_000;
    act(() => tick());
    expect(within(dialog).getByRole('alert')).toHaveTextContent(WALLET_EXPIRED_TEXT);
    expect(within(dialog).queryByRole('img', { name: WALLET_QR_ALT })).toBeNull();
    expect(within(dialog).queryByRole('link', { name: 'ウォレットアプリで開く' })).toBeNull();
    // The plain URL and its code never expire: they stay.
    expect(within(dialog).getByRole('link', { name: offer.jsonUrl })).toBeInTheDocument();
    expect(within(dialog).getByRole('img', { name: WALLET_URL_QR_ALT })).toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole('button', { name: '新しいQRコードを作成' }));
    await waitFor(() => expect(within(dialog).getByRole('link', { name: 'ウォレットアプリで開く' })).toBeInTheDocument());
    expect(fetchMock).toHaveBeenCalledTimes(2);
    clock.mockRestore();
  });

  it.each([
    [300, 'あと5分00秒'],
    [61, 'あと1分01秒'],
    [9, 'あと0分09秒'],
  ])('writes %i seconds as 「%s」', (seconds, label) => {
    expect(remainingLabel(seconds)).toBe(label);
  });
});
