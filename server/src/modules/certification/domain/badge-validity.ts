/**
 * How long a badge lasts and when it may be renewed. The expiry from an award is `badgeExpiresAt` in
 * contracts/ while the Cloud Campus migration (below certification) still computes a carried badge's
 * expiry itself; this file is the one place of every other validity rule.
 */
import { badgeExpiresAt } from '../../../contracts/badge-validity.js';

export { badgeExpiresAt };

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
