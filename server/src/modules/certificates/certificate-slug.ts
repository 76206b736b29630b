import { createHash, randomInt } from 'node:crypto';

/** Crockford's base32: no I, L, O or U, so a slug read aloud or retyped from paper stays unambiguous. */
const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
export const CERTIFICATE_SLUG_LENGTH = 10;

/** A fresh random slug (50 bits): short enough to print, too many to guess. */
export function makeCertificateSlug(): string {
  let slug = '';
  for (let index = 0; index < CERTIFICATE_SLUG_LENGTH; index += 1) slug += CROCKFORD[randomInt(CROCKFORD.length)];
  return slug;
}

/**
 * The canonical form of a slug someone typed: case and hyphens do not matter, and the letters
 * Crockford reads as digits (O → 0, I/L → 1) are accepted. Null when it cannot be a slug.
 */
export function normaliseCertificateSlug(input: string): string | null {
  const canonical = input
    .toUpperCase()
    .replace(/-/g, '')
    .replace(/O/g, '0')
    .replace(/[IL]/g, '1');
  if (canonical.length !== CERTIFICATE_SLUG_LENGTH) return null;
  for (const character of canonical) if (!CROCKFORD.includes(character)) return null;
  return canonical;
}

/** Any fixed value: certificate ids are derived from it so they never collide with other name-based ids. */
const CERTIFICATE_ID_NAMESPACE = Buffer.from('5d0c7a3e9b1f4e62a8d4c0f1e7b29a36', 'hex');

/**
 * The certificate id of a passed exam session (a name-based UUID, version 5). Being the same on every
 * try, a job repeated after a failed commit writes the same PDF path instead of leaving a second file.
 */
export function certificateIdFor(examSessionId: string): string {
  return nameBasedId(examSessionId);
}

/** The certificate id of a badge carried over from Cloud Campus: one per learner, course and pass date. */
export function migratedCertificateIdFor(userId: string, courseId: string, passedAt: Date): string {
  return nameBasedId(`cloud-campus:${userId}:${courseId}:${passedAt.toISOString()}`);
}

function nameBasedId(name: string): string {
  const bytes = createHash('sha1').update(CERTIFICATE_ID_NAMESPACE).update(name).digest().subarray(0, 16);
  bytes[6] = (bytes[6]! & 0x0f) | 0x50;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
