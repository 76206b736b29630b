import { Inject, Injectable } from '@nestjs/common';
import { eq } from 'drizzle-orm';
import { APP_CONFIG } from '../../../config/config.module.js';
import type { AppConfig } from '../../../config/config.js';
import type { DatabaseConnection, DatabaseExecutor } from '../../../database/connection.js';
import { DATABASE_CONNECTION } from '../../../database/database.tokens.js';
import { EventStore, type StoredEvent } from '../../../database/event-store.js';
import { certificates, courses, examSessions, users } from '../../../database/schema.js';
import { HandlesJob, JobHandler } from '../../../jobs/job-handler.decorator.js';
import { RealtimePublisher } from '../../../realtime/realtime-publisher.js';
import { printedNameOf } from '../../../contracts/current-user.js';
import type { BadgeAwarded } from '../../certification/events.js';
import { certificateIdFor, makeCertificateSlug } from '../certificate-slug.js';
import { CertificateStorage } from '../certificate-storage.js';
import { certificateContent } from '../document/certificate-content.js';
import { renderCertificatePdf } from '../document/render-certificate-pdf.js';
import { CERTIFICATE_STREAM, CertificateIssued } from '../events.js';

/**
 * Issues the certificate of a passed exam: renders its PDF once, stores it, records the row and
 * `CertificateIssued` in one transaction, then tells the learner's open pages. Delivery is at least
 * once: the exam session row is locked while the certificate is stored, so a repeat waits, then
 * finds the certificate and does nothing.
 */
@Injectable()
@JobHandler('issue-certificate-when-badge-awarded')
export class IssueCertificateWhenBadgeAwardedHandler implements HandlesJob<StoredEvent> {
  constructor(
    @Inject(DATABASE_CONNECTION) private readonly connection: DatabaseConnection,
    private readonly eventStore: EventStore,
    private readonly storage: CertificateStorage,
    private readonly realtime: RealtimePublisher,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async handle(event: StoredEvent): Promise<void> {
    const badge = event.data as BadgeAwarded['data'];
    const examSessionId = event.streamId;
    const certificateId = certificateIdFor(examSessionId);
    if (await this.alreadyIssued(this.connection.db, examSessionId)) return;

    const { db } = this.connection;
    const [holder] = await db.select({ lastName: users.lastName, firstName: users.firstName }).from(users).where(eq(users.id, badge.userId));
    const [course] = await db.select({ slug: courses.slug, title: courses.title }).from(courses).where(eq(courses.id, badge.courseId));
    // Failing keeps the job for a retry and in the failed list, rather than a badge without its certificate.
    if (!holder || !course) throw new Error(`certificate for exam ${examSessionId}: learner or course missing`);

    // A slug collision (1 in 2^50 per pair) fails the unique index; the job's retry draws another.
    const slug = makeCertificateSlug();
    const issuedAt = new Date(badge.awardedAt);
    const expiresAt = new Date(badge.expiresAt);
    const holderName = printedNameOf(holder);
    const content = certificateContent({
      holderName,
      courseSlug: course.slug,
      courseTitle: course.title,
      slug,
      issuedAt,
      expiresAt,
      publicOrigin: this.config.publicOrigin,
      siteName: this.config.siteName,
    });
    // Rendered before the lock is taken: the session row is held only while the file is put in place.
    const pdf = await renderCertificatePdf(content, issuedAt);

    const meta = { actorId: null, requestId: null, correlationId: event.meta.correlationId, causationId: event.id };
    const issued = await this.eventStore.commit(meta, async ({ tx, append }) => {
      const [session] = await tx.select({ id: examSessions.id }).from(examSessions).where(eq(examSessions.id, examSessionId)).for('update');
      if (!session || (await this.alreadyIssued(tx, examSessionId))) return null;
      // Stored before commit: a committed row always finds its file; a failed commit leaves a file
      // at the same id-derived path, which the retry overwrites.
      const pdfPath = await this.storage.save(certificateId, pdf);
      await tx.insert(certificates).values({ id: certificateId, slug, userId: badge.userId, courseId: badge.courseId, examSessionId, holderName, issuedAt, expiresAt, pdfPath });
      await append({ streamType: CERTIFICATE_STREAM, streamId: certificateId, expectedVersion: 0 }, [
        new CertificateIssued({
          certificateId,
          slug,
          userId: badge.userId,
          courseId: badge.courseId,
          courseSlug: course.slug,
          examSessionId,
          issuedAt: issuedAt.toISOString(),
          expiresAt: expiresAt.toISOString(),
        }),
      ]);
      return { userId: badge.userId, certificateId, slug, courseSlug: course.slug };
    });
    if (issued) this.realtime.toUser(issued.userId).emit('certificate.issued', { certificateId: issued.certificateId, slug: issued.slug, courseSlug: issued.courseSlug });
  }

  private async alreadyIssued(executor: DatabaseExecutor, examSessionId: string): Promise<boolean> {
    const [existing] = await executor.select({ id: certificates.id }).from(certificates).where(eq(certificates.examSessionId, examSessionId));
    return existing !== undefined;
  }
}
