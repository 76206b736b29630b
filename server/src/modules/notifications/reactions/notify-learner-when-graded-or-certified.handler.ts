import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { CERTIFICATION_COURSES, certificationLabelOf, isCertificationSlug, type CertificationSlug } from '../../../contracts/catalogue-slugs.js';
import { EventStore, type StoredEvent } from '../../../database/event-store.js';
import type { Transaction } from '../../../database/connection.js';
import { awardedCourse } from '../../catalogue/reads.js';
import { notifications } from '../notifications.schema.js';
import { HandlesJob, JobHandler } from '../../../jobs/job-handler.decorator.js';
import type { ExamGraded } from '../../certification/events.js';
import type { CertificateIssued } from '../../certificates/events.js';
import { NOTIFICATION_STREAM, NotificationCreated } from '../events.js';
import { certificateIssuedText, examGradedText, type PersonalNotificationText } from './personal-notification-texts.js';

/**
 * Tells the learner, by a personal notification, that an exam was graded or a certificate issued,
 * (`unread.changed` is pushed from NotificationCreated after commit). Delivery is at least once: `(user_id, source_event_id)`
 * is unique, so a repeat inserts nothing and appends nothing.
 */
@Injectable()
@JobHandler('notify-learner-when-graded-or-certified')
export class NotifyLearnerWhenGradedOrCertifiedHandler implements HandlesJob<StoredEvent> {
  constructor(private readonly eventStore: EventStore) {}

  async handle(event: StoredEvent): Promise<void> {
    const meta = { actorId: null, requestId: null, correlationId: event.meta.correlationId, causationId: event.id };
    await this.eventStore.commit(meta, async ({ tx, append }) => {
      const note = await this.textFor(tx, event);
      if (!note) return;
      const notificationId = randomUUID();
      const inserted = await tx
        .insert(notifications)
        .values({ id: notificationId, userId: note.userId, kind: note.kind, title: note.title, body: note.body, link: note.link, sourceEventId: event.id, createdAt: new Date() })
        .onConflictDoNothing({ target: [notifications.userId, notifications.sourceEventId] })
        .returning({ id: notifications.id });
      if (inserted.length > 0) {
        await append({ streamType: NOTIFICATION_STREAM, streamId: notificationId, expectedVersion: 0 }, [
          new NotificationCreated({ notificationId, userId: note.userId, kind: note.kind, title: note.title, link: note.link, sourceEventId: event.id }),
        ]);
      }
    });
  }

  private async textFor(tx: Transaction, event: StoredEvent): Promise<(PersonalNotificationText & { userId: string }) | null> {
    if (event.type === 'ExamGraded') {
      const graded = event.data as ExamGraded['data'];
      // A pass names its course by the slug it carries; only a failure (which states the pass mark) or an older event reads the course.
      const course = graded.passed && graded.courseSlug && isCertificationSlug(graded.courseSlug) ? labelled(graded.courseSlug) : await this.course(tx, graded.courseId);
      if (!course) return null;
      return {
        userId: graded.userId,
        ...examGradedText({ courseSlug: course.slug, courseLabel: course.label, passed: graded.passed, percent: graded.percent, passPercent: course.passPercent }),
      };
    }
    if (event.type === 'CertificateIssued') {
      const issued = event.data as CertificateIssued['data'];
      // The event carries the course's slug and title; only an older one reads the course.
      const label = issued.courseTitle !== undefined ? certificationLabelOf(issued.courseSlug, issued.courseTitle) : (await this.course(tx, issued.courseId))?.label;
      if (label === undefined) return null;
      return { userId: issued.userId, ...certificateIssuedText({ courseLabel: label, certificateSlug: issued.slug, expiresAt: new Date(issued.expiresAt) }) };
    }
    return null;
  }

  private async course(tx: Transaction, courseId: string) {
    const course = await awardedCourse(tx, courseId);
    if (!course) return null;
    return { slug: course.slug, label: certificationLabelOf(course.slug, course.title), passPercent: course.exam?.passPercent ?? null };
  }
}

/** A certification course known by its slug alone (its pass mark is not needed: a pass's text does not state it). */
const labelled = (slug: CertificationSlug) => ({ slug, label: CERTIFICATION_COURSES[slug].label, passPercent: null });
