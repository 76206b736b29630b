import { formatJapaneseDate } from '../../../contracts/tokyo-date.js';
import { certificationLabelOf } from '../../../contracts/catalogue-slugs.js';

/** Everything printed on a certificate, as text: the renderer only lays it out. */
export interface CertificateContent {
  heading: string;
  programme: string;
  holderName: string;
  statement: string;
  courseLabel: string;
  levelLabel: 'Basic' | 'Advanced';
  issuedOn: string;
  expiresOn: string;
  certificateNumber: string;
  verificationUrl: string;
  issuer: string;
}

export const levelOf = (courseSlug: string): 'BASIC' | 'ADVANCED' => (courseSlug.endsWith('-advanced') ? 'ADVANCED' : 'BASIC');

/** Where anyone shown the certificate can check it (a page of the campus, not the API). */
export const verificationUrlOf = (publicOrigin: string, slug: string) => `${publicOrigin}/certificates/verify/${slug}`;

export function certificateContent(input: {
  holderName: string;
  courseSlug: string;
  courseTitle: string;
  slug: string;
  issuedAt: Date;
  expiresAt: Date;
  publicOrigin: string;
  siteName: string;
}): CertificateContent {
  const courseLabel = certificationLabelOf(input.courseSlug, input.courseTitle);
  return {
    heading: '認定証',
    programme: 'マーケティング スキルバッジ',
    holderName: input.holderName,
    statement: `あなたは「${courseLabel}」の認定試験に合格し、必要な知識と運用の力を備えていることをここに認定します。`,
    courseLabel,
    levelLabel: levelOf(input.courseSlug) === 'ADVANCED' ? 'Advanced' : 'Basic',
    issuedOn: formatJapaneseDate(input.issuedAt),
    expiresOn: formatJapaneseDate(input.expiresAt),
    certificateNumber: input.slug,
    verificationUrl: verificationUrlOf(input.publicOrigin, input.slug),
    issuer: input.siteName,
  };
}
