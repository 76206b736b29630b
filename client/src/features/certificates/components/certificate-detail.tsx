import type { Certificate } from '@campus/contracts/certificates';
import { REVOCATION_CATEGORY_LABELS } from '@campus/contracts/revocation-categories';
import { Link } from 'react-router-dom';
import { PhraseText } from '../../../components/phrase-text';
import { SkillBadgeImage } from '../../../components/artwork/skill-badge-image';
import { formatJapaneseDate } from '@campus/contracts/tokyo-date';
import { pageTitle } from '../../../lib/site';
import { COPY_VERIFICATION_URL_LABEL, displayStatusOf, SKILL_BADGE_PATH } from '../certificate-labels';
import { BadgeSharing } from './badge-sharing';
import { CertificateFacts } from './certificate-facts';
import { CertificateStatus } from './certificate-status';
import { CopyLinkButton } from './copy-link-button';
import { DownloadLink } from './download-link';
import { HolderCredential } from './open-badge-credential';
import './certificates.css';

export const certificateHeading = (certificate: Pick<Certificate, 'courseLabel'>): string => `${certificate.courseLabel} 認定証`;

/** `/mypage/certificates/{slug}`: one certificate, its PDF, and the URL anyone can check it at. */
export function CertificateDetail({ certificate }: { certificate: Certificate }) {
  const heading = certificateHeading(certificate);
  const expired = certificate.status === 'expired';
  const revoked = certificate.status === 'revoked';
  return (
    <article
      className={`certificate-detail${expired || revoked ? ' certificate-detail--expired' : ''}`}
      aria-labelledby="certificate-detail-title"
    >
      <title>{pageTitle(heading)}</title>
      <p className="certificate-detail__back">
        <Link to="/mypage/certificates">認定証の一覧へ戻る</Link>
      </p>
      <div className="certificate-detail__hero">
        {/* The badge greyed once expired; none for a revoked certificate, as on the verification page. */}
        {revoked ? null : (
          <SkillBadgeImage courseSlug={certificate.courseSlug} label={certificate.courseLabel} state={expired ? 'expired' : 'held'} size={128} eager />
        )}
        <div className="certificate-detail__head">
          <h1 id="certificate-detail-title" className="certificate-detail__title">
            <PhraseText text={heading} />
          </h1>
          <CertificateStatus status={displayStatusOf(certificate)} />
        </div>
      </div>
      {expired ? (
        <p className="certificate-detail__notice">
          この認定証は{formatJapaneseDate(certificate.expiresAt)}に有効期限が切れました。新しい認定証は、
          <Link to={`${SKILL_BADGE_PATH}/courses/${encodeURIComponent(certificate.courseSlug)}`}>認定コース</Link>
          で認定試験にもう一度合格すると発行されます。
        </p>
      ) : null}
      {certificate.revocation ? (
        <p className="certificate-detail__notice" role="status">
          この認定証は{formatJapaneseDate(certificate.revocation.revokedAt)}に、{REVOCATION_CATEGORY_LABELS[certificate.revocation.category]}取り消されました。PDFのダウンロードはできません。
        </p>
      ) : null}
      <CertificateFacts certificate={certificate} withCourse withNumber />
      {/* A revoked certificate's paper is not handed out any more (the server refuses it too). */}
      {revoked ? null : (
        <p className="certificate-detail__actions">
          <DownloadLink href={certificate.downloadUrl} />
        </p>
      )}
      <section className="certificate-detail__verification" aria-labelledby="certificate-verification-url-title">
        <h2 id="certificate-verification-url-title"><PhraseText text="確認用URL" /></h2>
        <p>
          認定証PDFにも記載されているURLです。このURLを開くと、どなたでも認定証の内容と有効期限を確かめられます。
        </p>
        <div className="certificate-detail__url">
          <a className="certificate-detail__url-text" href={certificate.verificationUrl}>
            {certificate.verificationUrl}
          </a>
          <CopyLinkButton text={certificate.verificationUrl} label={COPY_VERIFICATION_URL_LABEL} />
        </div>
      </section>
      <HolderCredential certificate={certificate} />
      {revoked ? null : <BadgeSharing certificate={certificate} />}
    </article>
  );
}
