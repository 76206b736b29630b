import type { CertificateVerification } from '@campus/contracts/certificates';
import { Link } from 'react-router-dom';
import { PhraseText } from '../../../components/phrase-text';
import { pageTitle } from '../../../lib/site';
import { getPublicCredentialLink } from '../api/get-public-credential-link';
import { SKILL_BADGE_PATH, VERIFICATION_NOT_FOUND_TEXT, VERIFICATION_TITLE } from '../certificate-labels';
import type { CertificateVerificationData } from '../loaders/certificate.loaders';
import { CertificateFacts } from './certificate-facts';
import { OpenBadgeCredential } from './open-badge-credential';
import './certificates.css';

/**
 * The public page behind a certificate's verification URL: whether the certificate exists and is
 * still valid, with what it certifies. No login, no personal data beyond what the PDF shows.
 */
export function CertificateVerificationView({ data }: { data: CertificateVerificationData }) {
  return (
    <section className="certificate-verification" aria-labelledby="certificate-verification-title">
      <title>{pageTitle(VERIFICATION_TITLE)}</title>
      {/* A holder's name is for whoever has the URL, not for search engines. */}
      <meta name="robots" content="noindex" />
      <h1 id="certificate-verification-title"><PhraseText text={VERIFICATION_TITLE} /></h1>
      {data.status === 'found' ? <VerifiedCertificate certificate={data.certificate} /> : <CertificateNotFound />}
      <p className="certificate-verification__about">
        認定証は、マーケティングスキルバッジの認定試験に合格した方に発行されます。
        <Link to={SKILL_BADGE_PATH}>マーケティングスキルバッジについて</Link>
      </p>
    </section>
  );
}

function VerifiedCertificate({ certificate }: { certificate: CertificateVerification }) {
  const valid = certificate.status === 'available';
  return (
    <div className={`certificate-verification__result certificate-verification__result--${certificate.status}`}>
      <p className="certificate-verification__verdict">
        {valid ? 'この認定証は有効です。' : 'この認定証は有効期限が切れています。'}
      </p>
      <CertificateFacts certificate={certificate} withCourse withStatus withNumber />
      <OpenBadgeCredential
        audience="verifier"
        slug={certificate.slug}
        load={(signal) => getPublicCredentialLink(certificate.slug, { signal, skipStatuses: 'all' })}
      />
    </div>
  );
}

function CertificateNotFound() {
  return (
    <div className="certificate-verification__result certificate-verification__result--missing">
      <p className="certificate-verification__verdict">{VERIFICATION_NOT_FOUND_TEXT}</p>
      <p>URLが認定証PDFに記載されているものと同じか、お確かめください。</p>
    </div>
  );
}
