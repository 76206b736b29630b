import type { Certificate } from '@campus/contracts/certificates';
import { Link } from 'react-router-dom';
import { NO_CERTIFICATES_TEXT, SKILL_BADGE_PATH } from '../certificate-labels';
import { CertificateCard } from './certificate-card';

/** The learner's certificates as cards, or where to earn the first one. */
export function CertificateList({ certificates }: { certificates: Certificate[] }) {
  if (certificates.length === 0) return <CertificateEmptyState />;
  return (
    <ul className="card-grid certificate-list" aria-label="取得した認定証">
      {certificates.map((certificate) => (
        <li key={certificate.certificateId} className="certificate-list__item">
          <CertificateCard certificate={certificate} />
        </li>
      ))}
    </ul>
  );
}

export function CertificateEmptyState() {
  return (
    <div className="empty-state">
      <p className="empty-state__message">{NO_CERTIFICATES_TEXT}</p>
      <Link className="button button--primary" to={SKILL_BADGE_PATH}>
        スキルバッジの認定コースを見る
      </Link>
    </div>
  );
}
