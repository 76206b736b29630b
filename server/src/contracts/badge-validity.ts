/** A badge lasts this long unless its course says otherwise. */
export const DEFAULT_BADGE_VALID_MONTHS = 12;

/**
 * When a badge awarded (or first passed, for one carried over from Cloud Campus) at `awardedAt` expires:
 * the course's months of validity, counted in calendar months. Here, not in certification/domain, only
 * while the Cloud Campus migration (a module below certification) computes a carried badge's expiry;
 * every other validity rule is certification's (`modules/certification/domain/badge-validity.ts`).
 */
export function badgeExpiresAt(awardedAt: Date, validMonths: number | null | undefined): Date {
  const expiresAt = new Date(awardedAt);
  expiresAt.setUTCMonth(expiresAt.getUTCMonth() + (validMonths ?? DEFAULT_BADGE_VALID_MONTHS));
  return expiresAt;
}
