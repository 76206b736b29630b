import type { Certificate } from '@campus/contracts/certificates';
import { Link } from 'react-router-dom';
import { PhraseText } from '../../../components/phrase-text';
import { SkillBadgeImage } from '../../../components/artwork/skill-badge-image';
import { certificatePath } from '../../../lib/certificate-paths';
import { DETAIL_LINK_LABEL } from '../certificate-labels';
import { CertificateFacts } from './certificate-facts';
import { CertificateStatus } from './certificate-status';
import { DownloadLink } from './download-link';
import './certificates.css';

/** One certificate in the list: course, status, the facts, and the way to its detail and its PDF. */
export function CertificateCard({ certificate }: { certificate: Certificate }) {
  const headingId = `certificate-${certificate.certificateId}`;
  const expired = certificate.status === 'expired';
  return (
    <article className={`card-box certificate-card${expired ? ' certificate-card--expired' : ''}`} aria-labelledby={headingId}>
      <div className="certificate-card__head">
        {/* Decorative: the heading beside it names the course, the status chip its state. */}
        <SkillBadgeImage courseSlug={certificate.courseSlug} label={certificate.courseLabel} state={expired ? 'expired' : 'held'} size={56} decorative />
        <h2 id={headingId} className="certificate-card__title">
          <PhraseText text={certificate.courseLabel} />
        </h2>
        <CertificateStatus status={certificate.status} />
      </div>
      <CertificateFacts certificate={certificate} compact />
      <div className="certificate-card__actions">
        {/* Named in the context of its card (list item and heading), as WCAG 2.4.4 allows. */}
        <Link className="button" to={certificatePath(certificate.slug)}>
          {DETAIL_LINK_LABEL}
        </Link>
        <DownloadLink href={certificate.downloadUrl} primary={!expired} />
      </div>
    </article>
  );
}
