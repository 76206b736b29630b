/** How long a badge lasts and when it may be renewed: the one place of every validity rule. */

/** A badge lasts this long unless its course says otherwise. */
export const DEFAULT_BADGE_VALID_MONTHS = 12;

/**
 * When a badge awarded (or first passed, for one carried over from Cloud Campus) at `awardedAt` expires:
 * the course's months of validity, counted in calendar months.
 */
export function badgeExpiresAt(awardedAt: Date, validMonths: number | null | undefined): Date {
  const expiresAt = new Date(awardedAt);
  expiresAt.setUTCMonth(expiresAt.getUTCMonth() + (validMonths ?? DEFAULT_BADGE_VALID_MONTHS));
  return expiresAt;
}

/** 更新受験 opens this many days before a held badge expires (the expiry reminder is sent then too). */
export const RENEWAL_WINDOW_DAYS = 30;

/** From when a badge expiring at `expiresAt` may be renewed: the exam is offered again from then on. */
export const renewalOpensAt = (expiresAt: Date): Date => new Date(expiresAt.getTime() - RENEWAL_WINDOW_DAYS * 86_400_000);

/**
 * The expiry a pass gives when the learner already holds (or held) the course's badge: counted from the
 * old expiry while it is still ahead, so renewing early loses no days, else from the pass.
 */
export function renewedBadgeExpiresAt(previousExpiresAt: Date, passedAt: Date, validMonths: number | null | undefined): Date {
  return badgeExpiresAt(previousExpiresAt > passedAt ? previousExpiresAt : passedAt, validMonths);
}
