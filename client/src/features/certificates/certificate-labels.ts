import type { Certificate } from '@campus/contracts/certificates';
import { MYPAGE_PAGE_NAMES } from '@campus/contracts/page-names';

/** Page titles, headings and link names: tests and the header read the same words. */
export const CERTIFICATES_TITLE = MYPAGE_PAGE_NAMES.certificates;
export const CERTIFICATE_DETAIL_TITLE = MYPAGE_PAGE_NAMES.certificate;
export const VERIFICATION_TITLE = '認定証の確認';
export const DOWNLOAD_LABEL = '認定証PDFをダウンロード';
export const DETAIL_LINK_LABEL = '詳細を見る';
export const COPY_VERIFICATION_URL_LABEL = '確認用URLをコピー';
export const NO_CERTIFICATES_TEXT = 'まだ認定証はありません。認定試験に合格すると、ここに認定証が表示されます。';
export const VERIFICATION_NOT_FOUND_TEXT = 'この認定証は見つかりませんでした。';
export const CREDENTIAL_TITLE = 'デジタル認定証（Open Badges）';
export const CREDENTIAL_DOWNLOAD_LABEL = 'デジタル認定証（Open Badges）をダウンロード';
export const COPY_CREDENTIAL_URL_LABEL = 'デジタル認定証のURLをコピー';
export const CREDENTIAL_LOADING_TEXT = 'デジタル認定証を確認しています…';
export const CREDENTIAL_NOT_ISSUED_TEXT = 'デジタル認定証はいま署名しています。しばらくしてから、もう一度お確かめください。';
export const BADGE_DOWNLOAD_LABEL = 'デジタル認定証入りのバッジ画像（PNG）をダウンロード';
export const BADGE_SHARE_LABEL = 'バッジをシェア';
export const CREDENTIAL_FAILED_TEXT = 'デジタル認定証の情報を読み込めませんでした。';
/** A renewal (更新受験) issued a newer certificate and credential of the same badge: this one is kept, superseded. */
export const SUPERSEDED_TEXT = 'この認定証は更新されました。';
export const LATEST_CERTIFICATE_LABEL = '最新の認定証';

/** The badge as the credential and the LinkedIn profile name it. */
export const badgeNameOf = (certificate: Pick<Certificate, 'courseLabel'>): string => `${certificate.courseLabel} 認定バッジ`;

/** The certification levels as the course labels write them. */
export const CERTIFICATE_LEVEL_LABELS: Record<Certificate['level'], string> = {
  BASIC: 'Basic',
  ADVANCED: 'Advanced',
};

/**
 * A certificate as shown: 有効, 期限切れ, or 取り消し when an admin revoked its digital credential (the
 * server says which), and 更新済み for one a renewal (更新受験) replaced with a newer certificate.
 */
export type CertificateDisplayStatus = Certificate['status'] | 'superseded';

/** Spec §3 badge status display, said of a certificate. */
export const CERTIFICATE_STATUS_LABELS: Record<CertificateDisplayStatus, string> = {
  available: '有効',
  expired: '有効期限切れ',
  revoked: '取り消し',
  superseded: '更新済み',
};

/**
 * 取り消し outranks everything; a renewed certificate is 更新済み rather than 有効 or 期限切れ, so that
 * the list does not show two 「有効」 cards of one badge and the learner is led to the latest.
 */
export const displayStatusOf = (certificate: Pick<Certificate, 'status' | 'supersededBy'>): CertificateDisplayStatus =>
  certificate.status !== 'revoked' && certificate.supersededBy ? 'superseded' : certificate.status;

/** Where the learner's certificates come from: the skill badge landing page. */
export const SKILL_BADGE_PATH = '/lineyahoo-marketing-skill-badge';
