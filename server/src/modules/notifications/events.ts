import { DomainEvent } from '../../database/event-store.js';

export const NOTIFICATION_STREAM = 'notification';

/** A personal notification was made for a learner (it starts unread). */
export class NotificationCreated extends DomainEvent<{
  notificationId: string;
  userId: string;
  kind: string;
  title: string;
  link: string | null;
  sourceEventId: string;
}> {
  readonly type = 'NotificationCreated';
}
