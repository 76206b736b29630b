import type { HeldBadge } from './api/get-held-badges';
import { shelveBadges } from './badge-shelf';

const badge = (courseSlug: string, overrides: Partial<HeldBadge> = {}): HeldBadge => ({
  courseSlug,
  label: courseSlug,
  status: 'available',
  expiresAt: null,
  ...overrides,
});

const NOW = new Date('2026-11-27T00:00:00.000Z');

describe('shelveBadges', () => {
  it('puts a badge expiring within 30 days apart from the valid ones, and expired ones last', () => {
    const shelf = shelveBadges(
      [
        badge('far', { expiresAt: '2027-06-01T00:00:00.000Z' }),
        badge('no-expiry'),
        badge('in-29-days', { expiresAt: '2026-12-26T00:00:00.000Z' }),
        badge('in-30-days', { expiresAt: '2026-12-27T00:00:00.000Z' }),
        badge('in-31-days', { expiresAt: '2026-12-28T00:00:00.000Z' }),
        badge('gone', { status: 'expired', expiresAt: '2026-01-05T00:00:00.000Z' }),
      ],
      NOW,
    );

    expect(shelf.held.map((b) => b.courseSlug)).toEqual(['far', 'no-expiry', 'in-31-days']);
    expect(shelf.expiring.map((b) => b.courseSlug)).toEqual(['in-29-days', 'in-30-days']);
    expect(shelf.expired.map((b) => b.courseSlug)).toEqual(['gone']);
  });

  it('trusts the server on expiry even when the date has not passed on this clock', () => {
    const shelf = shelveBadges([badge('revoked', { status: 'expired', expiresAt: '2027-01-01T00:00:00.000Z' })], NOW);
    expect(shelf.expired).toHaveLength(1);
    expect(shelf.expiring).toHaveLength(0);
  });
});
