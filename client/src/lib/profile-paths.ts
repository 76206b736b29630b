/** Where the profile lives (spec §2), and how a page that sends the learner there asks to be returned to. */
export const PROFILE_PATH = '/mypage/profile';
export const PROFILE_EDIT_PATH = '/mypage/profile/edit';
const RETURN_TO = 'returnTo';

/** The edit form, coming back to `returnTo` (a page of the campus) once the profile is saved. */
export const profileEditPath = (returnTo?: string): string =>
  returnTo ? `${PROFILE_EDIT_PATH}?${new URLSearchParams({ [RETURN_TO]: returnTo }).toString()}` : PROFILE_EDIT_PATH;

/**
 * The page to go back to after the form, from its query string: only a path of this site. Anything
 * that could leave it (`//host`, `/\host`, a full URL, control characters) falls back to the profile.
 */
export function returnPathOf(search: string): string {
  const wanted = new URLSearchParams(search).get(RETURN_TO);
  const hasControlOrBackslash = [...wanted ?? ''].some((character) => character === '\\' || character.charCodeAt(0) < 0x20);
  if (!wanted || !wanted.startsWith('/') || wanted.startsWith('//') || hasControlOrBackslash) return PROFILE_PATH;
  const base = 'https://campus.invalid';
  const url = new URL(wanted, base);
  return url.origin === base ? `${url.pathname}${url.search}${url.hash}` : PROFILE_PATH;
}
