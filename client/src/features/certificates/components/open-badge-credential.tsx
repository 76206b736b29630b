import type { Certificate } from '@campus/contracts/certificates';
import type { CredentialLink } from '@campus/contracts/credentials';
import { useActorRef, useSelector } from '@xstate/react';
import { Link } from 'react-router-dom';
import { PhraseText } from '../../../components/phrase-text';
import { getMyCredentialLink } from '../api/get-my-credential-link';
import { onCredentialIssued } from '../api/subscribe-credential-issued';
import {
  BADGE_DOWNLOAD_LABEL,
  COPY_CREDENTIAL_URL_LABEL,
  CREDENTIAL_DOWNLOAD_LABEL,
  CREDENTIAL_FAILED_TEXT,
  CREDENTIAL_LOADING_TEXT,
  CREDENTIAL_NOT_ISSUED_TEXT,
  CREDENTIAL_TITLE,
  LATEST_CERTIFICATE_LABEL,
  SUPERSEDED_TEXT,
} from '../certificate-labels';
import { credentialLinkMachine, type CredentialState, selectCredentialState } from '../machines/credential-link.machine';
import { CopyLinkButton } from './copy-link-button';
import { AddToWallet } from './wallet-offer-dialog';

interface CredentialSectionProps {
  state: CredentialState;
  /** The holder's page offers the JSON as a file and a copy button; the public page only links. */
  audience: 'holder' | 'verifier';
  /** Names the downloaded file. */
  slug: string;
  /** Asks again; without it, the page says to reload. */
  onRetry?: () => void;
  /** The holder's own certificate: offers 「ウォレットに追加」 (OpenID4VCI) while the credential is not revoked. */
  certificateId?: string;
}

/** The certificate's Open Badges 3.0 credential: its public URL, and for the holder the JSON to download. */
export function CredentialSection({ state, audience, slug, onRetry, certificateId }: CredentialSectionProps) {
  return (
    <section className="certificate-detail__verification" aria-labelledby="certificate-credential-title" aria-busy={state.status === 'loading' || undefined}>
      <h2 id="certificate-credential-title"><PhraseText text={CREDENTIAL_TITLE} /></h2>
      {state.status === 'loading' ? <p>{CREDENTIAL_LOADING_TEXT}</p> : null}
      {state.status === 'ready' ? <CredentialReady link={state.link} audience={audience} slug={slug} certificateId={certificateId} /> : null}
      {state.status === 'notIssued' || state.status === 'failed' ? (
        <p role="alert">
          {state.status === 'notIssued' ? CREDENTIAL_NOT_ISSUED_TEXT : CREDENTIAL_FAILED_TEXT}{' '}
          {onRetry ? (
            <button type="button" className="button" onClick={onRetry}>
              もう一度確かめる
            </button>
          ) : (
            'ページを再読み込みしてください。'
          )}
        </p>
      ) : null}
    </section>
  );
}

/** The holder's page: asks for the credential itself, after the certificate (its id is the key). */
export function HolderCredential({ certificate }: { certificate: Pick<Certificate, 'certificateId' | 'slug'> }) {
  const actor = useActorRef(credentialLinkMachine, {
    input: {
      load: (signal) => getMyCredentialLink(certificate.certificateId, { signal, skipStatuses: 'all' }),
      onIssued: (listener) => onCredentialIssued(certificate.certificateId, listener),
    },
  });
  const state = selectCredentialState(useSelector(actor, (snapshot) => snapshot));
  return <CredentialSection state={state} audience="holder" slug={certificate.slug} certificateId={certificate.certificateId} onRetry={() => actor.send({ type: 'RETRY' })} />;
}

function CredentialReady({ link, audience, slug, certificateId }: { link: CredentialLink; audience: 'holder' | 'verifier'; slug: string; certificateId?: string }) {
  return (
    <>
      {/* A revocation is said once, by the page's verdict (from the certificate's own answer). */}
      {/* The public page says it beside its verdict; the holder is sent to their own newer certificate. */}
      {audience === 'holder' && link.supersededBy ? (
        <p className="certificate-detail__notice">
          {SUPERSEDED_TEXT}
          <Link to={`/mypage/certificates/${link.supersededBy.certificateSlug}`}>{LATEST_CERTIFICATE_LABEL}</Link>
        </p>
      ) : null}
      <p>
        {audience === 'holder'
          ? '国際標準（Open Badges 3.0）のデジタル認定証です。採用担当者などは、下記のURLからキャンパスの電子署名と取り消しの有無を確かめられます。'
          : 'この認定証は、国際標準（Open Badges 3.0）の電子署名付きデジタル認定証としても発行されています。'}
      </p>
      {audience === 'holder' ? (
        <p className="certificate-detail__actions">
          <a className="button certificate-download" href={link.jsonUrl} download={`open-badge-${slug}.json`}>
            <PhraseText text={CREDENTIAL_DOWNLOAD_LABEL} />
          </a>
          {/* The same credential inside the badge image (OB 3.0 baking): badge backpacks read it from there. */}
          <a className="button certificate-download" href={link.badgeUrl} download={`open-badge-${slug}.png`}>
            <PhraseText text={BADGE_DOWNLOAD_LABEL} />
          </a>
        </p>
      ) : null}
      {/* Into a wallet app in one step (OpenID4VCI); a revoked credential is offered to no wallet. A div: the button's dialog is no phrasing content. */}
      {audience === 'holder' && certificateId && link.status !== 'revoked' ? (
        <div className="certificate-detail__actions">
          <AddToWallet certificateId={certificateId} />
        </div>
      ) : null}
      <div className="certificate-detail__url">
        <a className="certificate-detail__url-text" href={link.credentialUrl}>
          {link.credentialUrl}
        </a>
        {audience === 'holder' ? <CopyLinkButton text={link.credentialUrl} label={COPY_CREDENTIAL_URL_LABEL} /> : <a href={link.jsonUrl}>内容をJSONで見る</a>}
      </div>
    </>
  );
}
