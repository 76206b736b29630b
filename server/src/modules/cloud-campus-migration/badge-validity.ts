/** Badges last this long unless the course says otherwise (same default as exam grading). */
export const DEFAULT_BADGE_VALID_MONTHS = 12;

/** A badge carried over keeps the validity it would have had from its original pass date. */
export function badgeExpiryFrom(passedAt: Date, validMonths: number | null): Date {
  const result = new Date(passedAt);
  result.setUTCMonth(result.getUTCMonth() + (validMonths ?? DEFAULT_BADGE_VALID_MONTHS));
  return result;
}
