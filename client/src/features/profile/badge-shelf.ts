import type { HeldBadge } from './api/get-held-badges';

/** A badge whose expiry is this close is shown apart, so the learner renews it in time. */
export const EXPIRING_WITHIN_DAYS = 30;
const DAY_MS = 24 * 60 * 60 * 1000;

export interface BadgeShelf {
  held: HeldBadge[];
  expiring: HeldBadge[];
  expired: HeldBadge[];
}

/**
 * The profile's badge shelf: valid badges, those expiring within 30 days, and expired ones. The
 * server's status decides expired; the 30 days are counted here, from the time the page is shown.
 */
export function shelveBadges(badges: HeldBadge[], now: Date): BadgeShelf {
  const soon = now.getTime() + EXPIRING_WITHIN_DAYS * DAY_MS;
  const shelf: BadgeShelf = { held: [], expiring: [], expired: [] };
  for (const badge of badges) {
    if (badge.status === 'expired') shelf.expired.push(badge);
    else if (badge.expiresAt !== null && new Date(badge.expiresAt).getTime() <= soon) shelf.expiring.push(badge);
    else shelf.held.push(badge);
  }
  return shelf;
}

