import type { UnreadFlags } from '@campus/contracts/notifications';

export const PERSONAL_NOTICES_PATH = '/notifications/personal/';
export const GENERAL_NOTICES_PATH = '/notifications/general/';

/**
 * Spec §2: the header's お知らせ leads to the personal feed when only personal items are unread,
 * otherwise (announcements unread, both, or nothing) to the general feed.
 */
export function noticesLink(flags: UnreadFlags): string {
  return flags.hasUnreadNotifications && !flags.hasUnreadAnnouncements ? PERSONAL_NOTICES_PATH : GENERAL_NOTICES_PATH;
}

/** Whether the New badge shows: anything unread, personal or general. */
export function hasAnyUnread(flags: UnreadFlags): boolean {
  return flags.hasUnreadNotifications || flags.hasUnreadAnnouncements;
}
