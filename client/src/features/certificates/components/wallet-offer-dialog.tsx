import { useActorRef, useSelector } from '@xstate/react';
import { useId, useRef } from 'react';
import { PhraseText } from '../../../components/phrase-text';
import { useModalDialog } from '../../../components/ui/use-modal-dialog';
import { createWalletOffer } from '../api/create-wallet-offer';
import { COPY_CREDENTIAL_URL_LABEL } from '../certificate-labels';
import { selectWalletOfferView, walletOfferMachine, type WalletOfferView } from '../machines/wallet-offer.machine';
import { CopyLinkButton } from './copy-link-button';
import './wallet-offer.css';

export const ADD_TO_WALLET_LABEL = 'ウォレットに追加';
export const OPEN_IN_WALLET_LABEL = 'ウォレットアプリで開く';
export const WALLET_QR_ALT = 'ウォレットアプリで読み取るQRコード';
export const WALLET_GUIDANCE_TEXT = 'スマートフォンのウォレットアプリでQRコードを読み取ってください。有効期限：5分';
export const WALLET_CREATING_TEXT = 'QRコードを準備しています…';
export const WALLET_EXPIRED_TEXT = 'QRコードの有効期限が切れました。新しいQRコードを作成してください。';
export const WALLET_RECREATE_LABEL = '新しいQRコードを作成';
export const WALLET_RETRY_LABEL = 'もう一度試す';
export const WALLET_QR_FAILED_TEXT = 'QRコードを表示できませんでした。「ウォレットアプリで開く」からお試しください。';
export const WALLET_URL_HEADING = 'URLやファイルで取り込むウォレットの場合';
export const WALLET_URL_QR_ALT = 'URLで取り込むウォレットアプリで読み取るQRコード';

/** 4:05 → 「あと4分05秒」. */
export const remainingLabel = (seconds: number): string => `あと${Math.floor(seconds / 60)}分${String(seconds % 60).padStart(2, '0')}秒`;

interface AddToWalletProps {
  certificateId: string;
  /** Tests pass `walletOfferMachine.provide({...})`. */
  logic?: typeof walletOfferMachine;
}

/** The holder's 「ウォレットに追加」 button and the dialog it opens (behaviour: `walletOfferMachine`). */
export function AddToWallet({ certificateId, logic = walletOfferMachine }: AddToWalletProps) {
  const actor = useActorRef(logic, { input: { create: () => createWalletOffer(certificateId) } });
  const view = selectWalletOfferView(useSelector(actor, (snapshot) => snapshot));
  return (
    <>
      <button type="button" className="button" aria-haspopup="dialog" onClick={() => actor.send({ type: 'OPEN' })}>
        {ADD_TO_WALLET_LABEL}
      </button>
      {view.status === 'closed' ? null : (
        <WalletOfferDialog
          view={view}
          onClose={() => actor.send({ type: 'CLOSE' })}
          onRetry={() => actor.send({ type: 'RETRY' })}
          onRecreate={() => actor.send({ type: 'RECREATE' })}
        />
      )}
    </>
  );
}

interface WalletOfferDialogProps {
  view: Exclude<WalletOfferView, { status: 'closed' }>;
  onClose: () => void;
  onRetry: () => void;
  onRecreate: () => void;
}

/**
 * A modal `<dialog>`: the QR code of the offer and the link that opens a wallet app on this phone, the
 * time left, and the credential's plain URL for wallets that import by URL or file. Escape closes it.
 */
export function WalletOfferDialog({ view, onClose, onRetry, onRecreate }: WalletOfferDialogProps) {
  const titleId = useId();
  const dialogRef = useRef<HTMLDialogElement>(null);
  useModalDialog(dialogRef, true, onClose);
  return (
    <dialog ref={dialogRef} className="modal-layer modal-backdrop" aria-labelledby={titleId} aria-busy={view.status === 'creating' || undefined}>
      <div className="modal wallet-offer">
        <h2 id={titleId} className="modal__title">
          <PhraseText text={ADD_TO_WALLET_LABEL} />
        </h2>
        {view.status === 'creating' ? <p role="status">{WALLET_CREATING_TEXT}</p> : null}
        {view.status === 'ready' ? (
          <>
            <p>{WALLET_GUIDANCE_TEXT}</p>
            <div className="wallet-offer__qr">
              {view.qrSvg ? (
                <img src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(view.qrSvg)}`} alt={WALLET_QR_ALT} width={240} height={240} />
              ) : view.qrFailed ? (
                <p role="alert">{WALLET_QR_FAILED_TEXT}</p>
              ) : (
                <p role="status">{WALLET_CREATING_TEXT}</p>
              )}
            </div>
            {/* A timer: read when asked, not announced every second. */}
            <p role="timer" className="wallet-offer__remaining">
              有効期限：{remainingLabel(view.remainingSeconds)}
            </p>
            <p>
              <a className="button button--primary" href={view.offer.offerUri}>
                {OPEN_IN_WALLET_LABEL}
              </a>
            </p>
          </>
        ) : null}
        {view.status === 'expired' ? (
          <p role="alert">
            {WALLET_EXPIRED_TEXT}{' '}
            <button type="button" className="button button--primary" onClick={onRecreate}>
              {WALLET_RECREATE_LABEL}
            </button>
          </p>
        ) : null}
        {view.status === 'failed' ? (
          <p role="alert">
            {view.message}{' '}
            <button type="button" className="button" onClick={onRetry}>
              {WALLET_RETRY_LABEL}
            </button>
          </p>
        ) : null}
        {view.status === 'ready' || view.status === 'expired' ? <PlainCredentialUrl jsonUrl={view.offer.jsonUrl} qrSvg={view.plainQrSvg} /> : null}
        <div className="modal__actions">
          <button type="button" className="button" onClick={onClose}>
            閉じる
          </button>
        </div>
      </div>
    </dialog>
  );
}

/**
 * For wallets without OpenID4VCI (the Learner Credential Wallet's 「URLから追加」, say): the URL of the signed
 * JSON-LD credential — such wallets fetch it without an Accept header, so the URL itself asks for JSON — and
 * the same file to import. It never expires.
 */
function PlainCredentialUrl({ jsonUrl, qrSvg }: { jsonUrl: string; qrSvg: string | null }) {
  const headingId = useId();
  return (
    <section className="wallet-offer__plain" aria-labelledby={headingId}>
      <h3 id={headingId}>{WALLET_URL_HEADING}</h3>
      <p>ウォレットアプリでこのQRコードを読み取るか、デジタル認定証のURLを貼り付けるか、JSONファイルを取り込んでください。</p>
      {qrSvg ? (
        <div className="wallet-offer__qr">
          <img src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(qrSvg)}`} alt={WALLET_URL_QR_ALT} width={200} height={200} />
        </div>
      ) : null}
      <div className="certificate-detail__url">
        <a className="certificate-detail__url-text" href={jsonUrl}>
          {jsonUrl}
        </a>
        <CopyLinkButton text={jsonUrl} label={COPY_CREDENTIAL_URL_LABEL} />
      </div>
      <p>
        <a href={jsonUrl} download>
          JSONファイルをダウンロード
        </a>
      </p>
    </section>
  );
}
