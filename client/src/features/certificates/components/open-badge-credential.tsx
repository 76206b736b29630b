import type { CredentialLink } from '@campus/contracts/credentials';
import { useActorRef, useSelector } from '@xstate/react';
import { PhraseText } from '../../../components/phrase-text';
import {
  COPY_CREDENTIAL_URL_LABEL,
  CREDENTIAL_DOWNLOAD_LABEL,
  CREDENTIAL_FAILED_TEXT,
  CREDENTIAL_LOADING_TEXT,
  CREDENTIAL_NOT_ISSUED_TEXT,
  CREDENTIAL_TITLE,
} from '../certificate-labels';
import { credentialLinkMachine, type CredentialLinkInput } from '../machines/credential-link.machine';
import { CopyLinkButton } from './copy-link-button';

interface OpenBadgeCredentialProps extends CredentialLinkInput {
  /** The holder's page offers the JSON as a file; the public page only links to it. */
  audience: 'holder' | 'verifier';
  /** Names the downloaded file. */
  slug: string;
}

/** The certificate's Open Badges 3.0 credential: its public URL, and for the holder the JSON to download. */
export function OpenBadgeCredential({ load, audience, slug }: OpenBadgeCredentialProps) {
  const actor = useActorRef(credentialLinkMachine, { input: { load } });
  const snapshot = useSelector(actor, (state) => state);
  return (
    <section className="certificate-detail__verification" aria-labelledby="certificate-credential-title" aria-busy={snapshot.matches('loading') || undefined}>
      <h2 id="certificate-credential-title"><PhraseText text={CREDENTIAL_TITLE} /></h2>
      {snapshot.matches('loading') ? <p>{CREDENTIAL_LOADING_TEXT}</p> : null}
      {snapshot.context.link && snapshot.matches('ready') ? <CredentialReady link={snapshot.context.link} audience={audience} slug={slug} /> : null}
      {snapshot.matches('notIssued') || snapshot.matches('failed') ? (
        <p role="alert">
          {snapshot.matches('notIssued') ? CREDENTIAL_NOT_ISSUED_TEXT : CREDENTIAL_FAILED_TEXT}{' '}
          <button type="button" className="button" onClick={() => actor.send({ type: 'RETRY' })}>
            もう一度確かめる
          </button>
        </p>
      ) : null}
    </section>
  );
}

function CredentialReady({ link, audience, slug }: { link: CredentialLink; audience: 'holder' | 'verifier'; slug: string }) {
  return (
    <>
      <p>
        {audience === 'holder'
          ? '国際標準（Open Badges 3.0）のデジタル認定証です。採用担当者などは、下記のURLからキャンパスの電子署名を確かめられます。'
          : 'この認定証は、国際標準（Open Badges 3.0）の電子署名付きデジタル認定証としても発行されています。'}
      </p>
      {audience === 'holder' ? (
        <p className="certificate-detail__actions">
          <a className="button certificate-download" href={link.jsonUrl} download={`open-badge-${slug}.json`}>
            {CREDENTIAL_DOWNLOAD_LABEL}
          </a>
        </p>
      ) : null}
      <div className="certificate-detail__url">
        <a className="certificate-detail__url-text" href={link.credentialUrl} aria-label={`${CREDENTIAL_TITLE}のURL`}>
          {link.credentialUrl}
        </a>
        {audience === 'holder' ? <CopyLinkButton text={link.credentialUrl} label={COPY_CREDENTIAL_URL_LABEL} /> : <a href={link.jsonUrl}>内容をJSONで見る</a>}
      </div>
    </>
  );
}
