import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { certificationLabelOf } from '../../../contracts/catalogue-slugs.js';
import { EventStore, type StoredEvent } from '../../../database/event-store.js';
import { awardedCourse } from '../../catalogue/reads.js';
import { notifications } from '../notifications.schema.js';
import { HandlesJob, JobHandler } from '../../../jobs/job-handler.decorator.js';
import type { OpenBadgeCredentialRestored, OpenBadgeCredentialRevoked } from '../../credentials/events.js';
import { NOTIFICATION_STREAM, NotificationCreated } from '../events.js';
import { credentialRevocationText } from './personal-notification-texts.js';

/**
 * Tells the learner, by a personal notification, that an admin revoked or restored the digital credential
 * of one of their certificates, with the admin's reason. At least once: `(user_id, source_event_id)` is
 * unique, so a repeat inserts and appends nothing.
 */
@Injectable()
@JobHandler('notify-learner-when-credential-revoked-or-restored')
export class NotifyLearnerWhenCredentialRevokedOrRestoredHandler implements HandlesJob<StoredEvent> {
  constructor(private readonly eventStore: EventStore) {}

  async handle(event: StoredEvent): Promise<void> {
    const change = event.data as OpenBadgeCredentialRevoked['data'] | OpenBadgeCredentialRestored['data'];
    const meta = { actorId: null, requestId: null, correlationId: event.meta.correlationId, causationId: event.id };
    await this.eventStore.commit(meta, async ({ tx, append }) => {
      const course = await awardedCourse(tx, change.courseId);
      if (!course) return;
      const courseLabel = certificationLabelOf(course.slug, course.title);
      const note = credentialRevocationText({ courseLabel, certificateSlug: change.certificateSlug, revoked: event.type === 'OpenBadgeCredentialRevoked', reason: change.reason });
      const notificationId = randomUUID();
      const inserted = await tx
        .insert(notifications)
        .values({ id: notificationId, userId: change.userId, kind: note.kind, title: note.title, body: note.body, link: note.link, sourceEventId: event.id, createdAt: new Date() })
        .onConflictDoNothing({ target: [notifications.userId, notifications.sourceEventId] })
        .returning({ id: notifications.id });
      if (inserted.length === 0) return;
      await append({ streamType: NOTIFICATION_STREAM, streamId: notificationId, expectedVersion: 0 }, [
        new NotificationCreated({ notificationId, userId: change.userId, kind: note.kind, title: note.title, link: note.link, sourceEventId: event.id }),
      ]);
    });
  }
}
