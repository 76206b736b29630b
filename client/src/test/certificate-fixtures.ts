import type { Certificate, CertificateVerification } from '@campus/contracts/certificates';
import type { CredentialLink } from '@campus/contracts/credentials';

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
    revocation: null,
    supersededBy: null,
    downloadUrl: `/api/v1/certificates/certificate-${slug}/pdf`,
    verificationUrl: `https://campus.test/certificates/verify/${slug}`,
    linkedInOrganizationId: null,
    ...overrides,
  };
}

/** What the public verification page gets of `aCertificate(overrides)`. */
export function aCertificateVerification(overrides: Partial<Certificate> = {}): CertificateVerification {
  const { slug, courseSlug, courseLabel, level, holderName, issuedAt, expiresAt, status, revocation, supersededBy } = aCertificate(overrides);
  return { slug, courseSlug, courseLabel, level, holderName, issuedAt, expiresAt, status, revocation, supersededBy };
}

/** Where the Open Badges credential of `aCertificate()` is published. */
export function aCredentialLink(overrides: Partial<CredentialLink> = {}): CredentialLink {
  const credentialId = overrides.credentialId ?? '0b6f3c2e-8a51-4d7e-9f10-3c2b1a0d9e8f';
  const credentialUrl = `https://campus.test/api/v1/credentials/${credentialId}`;
  return { credentialId, credentialUrl, jsonUrl: `${credentialUrl}?format=json`, badgeUrl: `${credentialUrl}/badge.png`, validFrom: '2026-04-10T03:00:00.000Z', validUntil: '2027-04-10T03:00:00.000Z', status: 'active', revokedAt: null, revocation: null, supersededBy: null, ...overrides };
}
