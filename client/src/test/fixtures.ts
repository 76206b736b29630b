import type { CurrentUser } from '@campus/contracts/current-user';

/** A logged-in learner who has accepted the agreements (山田 太郎, the dev IdP's `learner`). */
export function aUser(overrides: Partial<CurrentUser> = {}): CurrentUser {
  return {
    lastName: '山田',
    firstName: '太郎',
    iconUrl: null,
    hasProfile: true,
    hasAcceptedAgreements: true,
    canMigrateFromCloudCampus: false,
    role: 'learner',
    ...overrides,
  };
}
