import type { Certificate, CertificateVerification } from '@campus/contracts/certificates';

/** A valid LINE広告 Basic certificate of 山田 太郎 (the fake session's learner). */
export function aCertificate(overrides: Partial<Certificate> = {}): Certificate {
  const slug = overrides.slug ?? 'K7QF2M9A';
  return {
    certificateId: `certificate-${slug}`,
    slug,
    courseSlug: 'line-ads-basic',
    courseLabel: 'LINE広告 Basic',
    program: 'AD',
    level: 'BASIC',
    holderName: '山田 太郎',
    issuedAt: '2026-04-10T03:00:00.000Z',
    expiresAt: '2027-04-10T03:00:00.000Z',
    status: 'available',
    downloadUrl: `/api/v1/certificates/certificate-${slug}/pdf`,
    verificationUrl: `https://campus.test/certificates/verify/${slug}`,
    ...overrides,
  };
}

/** What the public verification page gets of `aCertificate(overrides)`. */
export function aCertificateVerification(overrides: Partial<Certificate> = {}): CertificateVerification {
  const { slug, courseLabel, level, holderName, issuedAt, expiresAt, status } = aCertificate(overrides);
  return { slug, courseLabel, level, holderName, issuedAt, expiresAt, status };
}
