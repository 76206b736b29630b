import type { CurrentUser } from '@campus/contracts/current-user';

type Names = Pick<CurrentUser, 'lastName' | 'firstName'>;

/** Spec §3, first reading: last name, then first name ("山田 太郎") — the header's reading. */
export function displayName(user: Names): string {
  return [user.lastName, user.firstName]
    .map((part) => part.trim())
    .filter(Boolean)
    .join(' ');
}

/** Spec §3, second reading: first name and last name joined and trimmed ("太郎 山田"). */
export function displayNameGivenFirst(user: Names): string {
  return `${user.firstName} ${user.lastName}`.trim();
}
