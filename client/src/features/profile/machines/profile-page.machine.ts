import type { MyProfile } from '@campus/contracts/current-user';
import { assign, fromPromise, setup, type SnapshotFrom } from 'xstate';
import { getHeldBadges, type HeldBadge } from '../api/get-held-badges';
import { getMyProfile } from '../api/get-my-profile';

/**
 * /mypage/profile: the profile and the badges held, read together.
 *
 *   loading ─ both done ─→ ready
 *      └─ either fails ─→ failed ── RETRY ─→ loading
 */

export interface ProfilePageData {
  profile: MyProfile;
  badges: HeldBadge[];
}

export interface ProfilePageContext {
  data: ProfilePageData | null;
}

export const profilePageMachine = setup({
  types: {
    context: {} as ProfilePageContext,
    events: {} as { type: 'RETRY' },
  },
  actors: {
    loadProfilePage: fromPromise<ProfilePageData>(async () => {
      const [profile, badges] = await Promise.all([getMyProfile(), getHeldBadges()]);
      return { profile, badges };
    }),
  },
}).createMachine({
  id: 'profilePage',
  context: { data: null },
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        src: 'loadProfilePage',
        onDone: { target: 'ready', actions: assign({ data: ({ event }) => event.output }) },
        onError: 'failed',
      },
    },
    ready: {},
    failed: {
      on: { RETRY: 'loading' },
    },
  },
});

export type ProfilePageSnapshot = SnapshotFrom<typeof profilePageMachine>;
