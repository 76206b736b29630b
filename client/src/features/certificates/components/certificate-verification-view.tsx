import type { CertificateVerification } from '@campus/contracts/certificates';
import { REVOCATION_CATEGORY_LABELS } from '@campus/contracts/revocation-categories';
import { Link } from 'react-router-dom';
import { SkillBadgeImage } from '../../../components/artwork/skill-badge-image';
import { PhraseText } from '../../../components/phrase-text';
import { formatJapaneseDate } from '@campus/contracts/tokyo-date';
import { pageTitle } from '../../../lib/site';
import { LATEST_CERTIFICATE_LABEL, SKILL_BADGE_PATH, SUPERSEDED_TEXT, VERIFICATION_NOT_FOUND_TEXT, VERIFICATION_TITLE } from '../certificate-labels';
import type { CertificateVerificationData } from '../loaders/certificate.loaders';
import { CertificateFacts } from './certificate-facts';
import type { CredentialState } from '../machines/credential-link.machine';
import { CredentialSection } from './open-badge-credential';
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
      {data.status === 'found' ? <VerifiedCertificate certificate={data.certificate} credential={data.credential} /> : <CertificateNotFound />}
      <p className="certificate-verification__about">
        認定証は、マーケティングスキルバッジの認定試験に合格した方に発行されます。
        <Link to={SKILL_BADGE_PATH}>マーケティングスキルバッジについて</Link>
      </p>
    </section>
  );
}

/** The verdict goes by the server's status; a renewal is said below it, with the way to the latest. */
const VERDICTS: Record<CertificateVerification['status'], string> = {
  available: 'この認定証は有効です。',
  expired: 'この認定証は有効期限が切れています。',
  revoked: 'この認定証は取り消されています。',
};

function VerifiedCertificate({ certificate, credential }: { certificate: CertificateVerification; credential: CredentialState }) {
  // The verdict is the verification answer's alone (revocation included): the credential's own request
  // only adds its addresses, and its failure can never turn a revoked certificate into a valid one.
  const { status, revocation, supersededBy } = certificate;
  return (
    <div className={`certificate-verification__result certificate-verification__result--${status}`}>
      <div className="certificate-verification__head">
        {/* The badge the certificate stands for, greyed and marked once expired; none for a revoked one. */}
        {status === 'revoked' ? null : (
          <SkillBadgeImage courseSlug={certificate.courseSlug} label={certificate.courseLabel} state={status === 'available' ? 'held' : 'expired'} size={112} eager />
        )}
        {/* Beside the badge the line is narrow on a phone: it breaks between phrases, not inside a word. */}
        <p className="certificate-verification__verdict">
          <PhraseText text={VERDICTS[status]} />
        </p>
      </div>
      {revocation ? (
        <p className="certificate-verification__revocation">
          {formatJapaneseDate(revocation.revokedAt)}に、{REVOCATION_CATEGORY_LABELS[revocation.category]}取り消されました。
        </p>
      ) : null}
      {supersededBy ? (
        <p className="certificate-verification__superseded">
          {SUPERSEDED_TEXT}
          <Link to={`/certificates/verify/${supersededBy.certificateSlug}`}>{LATEST_CERTIFICATE_LABEL}</Link>
        </p>
      ) : null}
      <CertificateFacts certificate={certificate} withCourse withStatus withNumber />
      <CredentialSection state={credential} audience="verifier" slug={certificate.slug} />
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
