import { z } from 'zod';

export const unreadFlagsSchema = z
  .object({ hasUnreadNotifications: z.boolean(), hasUnreadAnnouncements: z.boolean() })
  .meta({ id: 'UnreadFlags' });

export type UnreadFlags = z.infer<typeof unreadFlagsSchema>;
