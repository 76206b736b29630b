import type { ReactNode } from 'react';
import { PhraseText } from '../../../components/phrase-text';
import { pageTitle } from '../../../lib/site';
import type { AllowedDataState } from '../../../lib/session/use-reload-when-allowed';
import './certificates.css';

interface CertificatePageFrameProps {
  title: string;
  /** Whether the loader's data can be shown yet (see useReloadWhenAllowed). */
  data: AllowedDataState;
  children?: ReactNode;
}

/**
 * The mypage frame of the certificate pages: title and heading, then the content — or, while the
 * data is loaded again after the login or agreement guard, a placeholder; or a retry if it failed.
 */
export function CertificatePageFrame({ title, data, children }: CertificatePageFrameProps) {
  return (
    <section className="certificates-page" aria-labelledby="certificates-page-title" aria-busy={data.state === 'waiting' || undefined}>
      <title>{pageTitle(title)}</title>
      <h1 id="certificates-page-title"><PhraseText text={title} /></h1>
      {data.state === 'ready' ? children : null}
      {data.state === 'waiting' ? <CertificatesPlaceholder /> : null}
      {data.state === 'failed' ? (
        <div className="empty-state" role="alert">
          <p className="empty-state__message">認定証を読み込めませんでした。時間をおいて再度お試しください。</p>
          <button type="button" className="button" onClick={data.retry}>
            再読み込み
          </button>
        </div>
      ) : null}
    </section>
  );
}

function CertificatesPlaceholder() {
  return (
    <div role="status">
      {/* Read out, not shown: the grey blocks say "loading" to the eye. */}
      <span className="visually-hidden">読み込み中</span>
      <div className="page-skeleton__block" aria-hidden="true" />
      <div className="page-skeleton__block page-skeleton__block--short" aria-hidden="true" />
      <div className="page-skeleton__block" aria-hidden="true" />
    </div>
  );
}
