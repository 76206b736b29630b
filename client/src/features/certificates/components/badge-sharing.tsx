import type { Certificate } from '@campus/contracts/certificates';
import { PhraseText } from '../../../components/phrase-text';
import { ShareButton } from '../../../components/share/share-button';
import { SITE_NAME } from '../../../lib/site';
import { BADGE_SHARE_LABEL, badgeNameOf } from '../certificate-labels';
import { LINKEDIN_ADD_TO_PROFILE_LABEL, linkedInAddToProfileUrl } from '@campus/contracts/linkedin-add-to-profile';

/**
 * The holder shows the badge off: on their LinkedIn profile (the certification form filled in) and on
 * the two networks of spec §9, always with the public verification page as the link, whose share card
 * is the badge itself.
 */
export function BadgeSharing({ certificate }: { certificate: Certificate }) {
  const name = badgeNameOf(certificate);
  const linkedIn = linkedInAddToProfileUrl({
    name,
    organizationName: SITE_NAME,
    issuedAt: certificate.issuedAt,
    expiresAt: certificate.expiresAt,
    certId: certificate.slug,
    certUrl: certificate.verificationUrl,
    organizationId: certificate.linkedInOrganizationId,
  });
  return (
    <section className="certificate-detail__verification" aria-labelledby="certificate-sharing-title">
      <h2 id="certificate-sharing-title"><PhraseText text="バッジを共有" /></h2>
      <p>プロフィールやSNSには確認用URLが載り、見た方はバッジが有効かどうかを確かめられます。</p>
      <div className="certificate-detail__actions certificate-detail__sharing">
        <a className="button" href={linkedIn} target="_blank" rel="noopener noreferrer">
          {LINKEDIN_ADD_TO_PROFILE_LABEL}
          <span className="visually-hidden">（新しいタブで開きます）</span>
        </a>
        <ShareButton title={`${name}を取得しました`} url={certificate.verificationUrl} menuTitle={BADGE_SHARE_LABEL} label={BADGE_SHARE_LABEL} />
      </div>
    </section>
  );
}
