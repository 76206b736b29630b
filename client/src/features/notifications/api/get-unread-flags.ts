import type { UnreadFlags } from '@campus/contracts/notifications';
import { getUnreadFlags as unreadFlagsRoute } from '@campus/contracts/routes/notifications';
import { NETWORK_ERROR_STATUS } from '../../../lib/api-client';
import { callApi } from '../../../lib/call-api';

/** Nothing unread: the state before the first answer, and while logged out. */
export const NO_UNREAD: UnreadFlags = Object.freeze({ hasUnreadNotifications: false, hasUnreadAnnouncements: false });

/**
 * The flags from a has-unread answer or an `unread.changed` push. Lenient on purpose: the flags
 * only decide a badge, so a missing field reads as "nothing unread" rather than as an error.
 */
export function toUnreadFlags(value: unknown): UnreadFlags {
  const body = typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
  return {
    hasUnreadNotifications: body.hasUnreadNotifications === true,
    hasUnreadAnnouncements: body.hasUnreadAnnouncements === true,
  };
}

/** Statuses this background check handles itself: no popup for them (spec §8 "requests can name status codes"). */
export const UNREAD_CHECK_SKIPPED_STATUSES: readonly number[] = [NETWORK_ERROR_STATUS, 400, 401];

/**
 * Whether personal notifications (`hasUnreadNotifications`) or general announcements
 * (`hasUnreadAnnouncements`) are unread. It runs in the background (at start, on
 * reconnect and while polling), so it never opens a popup for a network failure, a missing
 * agreement (400 AGREEMENT_REQUIRED) or an ended session (401): the caller keeps the last flags.
 */
export function getUnreadFlags(options: { signal?: AbortSignal } = {}): Promise<UnreadFlags> {
  return callApi(unreadFlagsRoute, {}, {
    noCache: true,
    skipStatuses: UNREAD_CHECK_SKIPPED_STATUSES,
    parse: toUnreadFlags,
    ...options,
  });
}
