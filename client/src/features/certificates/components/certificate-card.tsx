import type { Certificate } from '@campus/contracts/certificates';
import { Link } from 'react-router-dom';
import { PhraseText } from '../../../components/phrase-text';
import { SkillBadgeImage } from '../../../components/artwork/skill-badge-image';
import { certificatePath } from '../../../lib/certificate-paths';
import { DETAIL_LINK_LABEL, displayStatusOf, LATEST_CERTIFICATE_LABEL } from '../certificate-labels';
import { CertificateFacts } from './certificate-facts';
import { CertificateStatus } from './certificate-status';
import { DownloadLink } from './download-link';
import './certificates.css';

/**
 * One certificate in the list: course, status, the facts, and the way to its detail and its PDF. One a
 * renewal replaced says 更新済み and leads to the latest.
 */
export function CertificateCard({ certificate }: { certificate: Certificate }) {
  const headingId = `certificate-${certificate.certificateId}`;
  const expired = certificate.status === 'expired';
  const status = displayStatusOf(certificate);
  return (
    <article className={`card-box certificate-card${expired ? ' certificate-card--expired' : ''}`} aria-labelledby={headingId}>
      <div className="certificate-card__head">
        {/* Decorative: the heading beside it names the course, the status chip its state. */}
        <SkillBadgeImage courseSlug={certificate.courseSlug} label={certificate.courseLabel} state={expired ? 'expired' : 'held'} size={56} decorative />
        <h2 id={headingId} className="certificate-card__title">
          <PhraseText text={certificate.courseLabel} />
        </h2>
        <CertificateStatus status={status} />
      </div>
      <CertificateFacts certificate={certificate} compact />
      {certificate.supersededBy ? (
        <p className="certificate-card__superseded">
          更新受験で新しい認定証が発行されました。
          <Link to={certificatePath(certificate.supersededBy.certificateSlug)}>{LATEST_CERTIFICATE_LABEL}</Link>
        </p>
      ) : null}
      <div className="certificate-card__actions">
        {/* Named in the context of its card (list item and heading), as WCAG 2.4.4 allows. */}
        <Link className="button" to={certificatePath(certificate.slug)}>
          {DETAIL_LINK_LABEL}
        </Link>
        <DownloadLink href={certificate.downloadUrl} primary={status === 'available'} />
      </div>
    </article>
  );
}
