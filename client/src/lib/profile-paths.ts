import { sameOriginPath } from '@campus/contracts/return-path';

/** Where the profile lives (spec §2), and how a page that sends the learner there asks to be returned to. */
export const PROFILE_PATH = '/mypage/profile';
export const PROFILE_EDIT_PATH = '/mypage/profile/edit';
const RETURN_TO = 'returnTo';

/** The edit form, coming back to `returnTo` (a page of the campus) once the profile is saved. */
export const profileEditPath = (returnTo?: string): string =>
  returnTo ? `${PROFILE_EDIT_PATH}?${new URLSearchParams({ [RETURN_TO]: returnTo }).toString()}` : PROFILE_EDIT_PATH;

/**
 * The page to go back to after the form, from its query string: a page of this site under the
 * campus's one return-address rule (contracts/return-path), else the profile.
 */
export function returnPathOf(search: string): string {
  return sameOriginPath(new URLSearchParams(search).get(RETURN_TO), window.location.origin) ?? PROFILE_PATH;
}
