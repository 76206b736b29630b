import { japanYearMonthOf } from './tokyo-date.js';

export const LINKEDIN_ADD_TO_PROFILE_LABEL = 'LinkedInのプロフィールに追加';

export interface LinkedInCertification {
  /** The certification's name as the profile lists it. */
  name: string;
  organizationName: string;
  issuedAt: string;
  expiresAt: string;
  /** The certificate number. */
  certId: string;
  /** Where a profile visitor checks it: the verification page. */
  certUrl: string;
  /** The campus's LinkedIn company page, when configured: LinkedIn then shows its logo and links to it. */
  organizationId?: string | null;
}

/**
 * LinkedIn's "Add to profile" form for a certification, filled in: the member only confirms. Dates are
 * the months in Japan, where the certificate's dates are printed.
 */
export function linkedInAddToProfileUrl(certification: LinkedInCertification): string {
  const url = new URL('https://www.linkedin.com/profile/add');
  url.searchParams.set('startTask', 'CERTIFICATION_NAME');
  url.searchParams.set('name', certification.name);
  // With the company page's id LinkedIn takes the organisation from it; the name stays for the form's text.
  if (certification.organizationId) url.searchParams.set('organizationId', certification.organizationId);
  url.searchParams.set('organizationName', certification.organizationName);
  const issued = japanYearMonthOf(certification.issuedAt);
  const expires = japanYearMonthOf(certification.expiresAt);
  if (issued) {
    url.searchParams.set('issueYear', String(issued.year));
    url.searchParams.set('issueMonth', String(issued.month));
  }
  if (expires) {
    url.searchParams.set('expirationYear', String(expires.year));
    url.searchParams.set('expirationMonth', String(expires.month));
  }
  url.searchParams.set('certId', certification.certId);
  url.searchParams.set('certUrl', certification.certUrl);
  return url.href;
}
