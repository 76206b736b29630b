import { hasAnyUnread, noticesLink } from './notices-link';

describe('noticesLink / hasAnyUnread', () => {
  it.each([
    [false, false, '/notifications/general/', false],
    [true, false, '/notifications/personal/', true],
    [false, true, '/notifications/general/', true],
    [true, true, '/notifications/general/', true],
  ])(
    'personal unread %s, announcements unread %s → %s (badge %s)',
    (hasUnreadNotifications, hasUnreadAnnouncements, link, badge) => {
      const flags = { hasUnreadNotifications, hasUnreadAnnouncements };
      expect(noticesLink(flags)).toBe(link);
      expect(hasAnyUnread(flags)).toBe(badge);
    },
  );
});
