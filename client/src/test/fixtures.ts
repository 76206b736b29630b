import type { CurrentUser, MyProfile } from '@campus/contracts/current-user';

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

/** GET /me/profile of a learner who has not registered a profile: the provider's names and e-mail (the dev IdP's `learner-new`). */
export function aProfileToRegister(overrides: Partial<MyProfile> = {}): MyProfile {
  return {
    hasProfile: false,
    lastName: '新規',
    firstName: 'さくら',
    lastNameKana: '',
    firstNameKana: '',
    email: 'learner-new@example.com',
    iconUrl: null,
    printedName: null,
    ...overrides,
  };
}
