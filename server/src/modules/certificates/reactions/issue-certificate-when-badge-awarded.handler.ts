import { Inject, Injectable } from '@nestjs/common';
import { and, eq, or } from 'drizzle-orm';
import { APP_CONFIG } from '../../../config/config.module.js';
import type { AppConfig } from '../../../config/config.js';
import { clientDistDir } from '../../../config/client-dist-dir.js';
import type { DatabaseConnection, DatabaseExecutor } from '../../../database/connection.js';
import { DATABASE_CONNECTION } from '../../../database/database.tokens.js';
import { EventStore, type StoredEvent } from '../../../database/event-store.js';
import { courses } from '../../catalogue/catalogue.schema.js';
import { certificates } from '../certificates.schema.js';
import { badges, examSessions } from '../../certification/certification.schema.js';
import { users } from '../../identity/identity.schema.js';
import { HandlesJob, JobHandler } from '../../../jobs/job-handler.decorator.js';
import { printedNameOf } from '../../../contracts/current-user.js';
import type { BadgeAwarded } from '../../certification/events.js';
import type { CloudCampusBadgesMigrated } from '../../cloud-campus-migration/events.js';
import { certificateIdFor, makeCertificateSlug, migratedCertificateIdFor } from '../certificate-slug.js';
import { CertificateStorage } from '../certificate-storage.js';
import { certificateContent } from '../document/certificate-content.js';
import { readBadgeArtwork } from '../document/badge-artwork.js';
import { renderCertificatePdf } from '../document/render-certificate-pdf.js';
import { CERTIFICATE_STREAM, CertificateIssued } from '../events.js';

/** One award that deserves a certificate: a passed exam, or a Cloud Campus record carried over. */
interface Award {
  certificateId: string;
  userId: string;
  courseId: string;
  awardedAt: Date;
  expiresAt: Date;
  examSessionId: string | null;
}

function awardsOf(event: StoredEvent): Award[] {
  if (event.type === 'CloudCampusBadgesMigrated') {
    const userId = event.streamId;
    // A badge kept because the learner already held it for longer has (or gets) its own certificate.
    return (event.data as CloudCampusBadgesMigrated['data']).badges
      .filter((badge) => !badge.keptLaterBadge)
      .map((badge) => {
        const awardedAt = new Date(badge.passedAt);
        return { certificateId: migratedCertificateIdFor(userId, badge.courseId, awardedAt), userId, courseId: badge.courseId, awardedAt, expiresAt: new Date(badge.expiresAt), examSessionId: null };
      });
  }
  const badge = event.data as BadgeAwarded['data'];
  const examSessionId = event.streamId;
  return [{ certificateId: certificateIdFor(examSessionId), userId: badge.userId, courseId: badge.courseId, awardedAt: new Date(badge.awardedAt), expiresAt: new Date(badge.expiresAt), examSessionId }];
}

/**
 * Issues the certificate of a badge — a passed exam (BadgeAwarded) or each badge carried over from Cloud
 * Campus (CloudCampusBadgesMigrated): renders its PDF once, stores it, records the row, marks the badge
 * and appends `CertificateIssued` in one transaction (from which `certificate.issued` is pushed after commit). Delivery is
 * at least once: the exam session row (or, with no session, the badge row) is locked while the
 * certificate is stored, so a repeat waits, then finds the certificate and does nothing.
 */
@Injectable()
@JobHandler('issue-certificate-when-badge-awarded')
export class IssueCertificateWhenBadgeAwardedHandler implements HandlesJob<StoredEvent> {
  constructor(
    @Inject(DATABASE_CONNECTION) private readonly connection: DatabaseConnection,
    private readonly eventStore: EventStore,
    private readonly storage: CertificateStorage,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async handle(event: StoredEvent): Promise<void> {
    for (const award of awardsOf(event)) await this.issue(award, event);
  }

  private async issue(award: Award, event: StoredEvent): Promise<void> {
    const { certificateId, examSessionId } = award;
    if (await this.alreadyIssued(this.connection.db, award)) return;

    const { db } = this.connection;
    const [holder] = await db.select({ lastName: users.lastName, firstName: users.firstName }).from(users).where(eq(users.id, award.userId));
    const [course] = await db.select({ slug: courses.slug, title: courses.title }).from(courses).where(eq(courses.id, award.courseId));
    // Failing keeps the job for a retry and in the failed list, rather than a badge without its certificate.
    if (!holder || !course) throw new Error(`certificate ${certificateId}: learner or course missing`);

    // A slug collision (1 in 2^50 per pair) fails the unique index; the job's retry draws another.
    const slug = makeCertificateSlug();
    const { awardedAt: issuedAt, expiresAt } = award;
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
    // Rendered before the lock is taken: the locked row is held only while the file is put in place.
    const pdf = await renderCertificatePdf(content, issuedAt, readBadgeArtwork(clientDistDir(this.config), course.slug));

    const meta = { actorId: null, requestId: null, correlationId: event.meta.correlationId, causationId: event.id };
    await this.eventStore.commit(meta, async ({ tx, append }) => {
      if (!(await this.lockAward(tx, award)) || (await this.alreadyIssued(tx, award))) return;
      // Stored before commit: a committed row always finds its file; a failed commit leaves a file
      // at the same id-derived path, which the retry overwrites.
      const pdfPath = await this.storage.save(certificateId, pdf);
      await tx.insert(certificates).values({ id: certificateId, slug, userId: award.userId, courseId: award.courseId, examSessionId, holderName, issuedAt, expiresAt, pdfPath });
      // Certification marks the badge holding this award with it, as it projects CertificateIssued.
      await append({ streamType: CERTIFICATE_STREAM, streamId: certificateId, expectedVersion: 0 }, [
        new CertificateIssued({
          certificateId,
          slug,
          userId: award.userId,
          courseId: award.courseId,
          courseSlug: course.slug,
          examSessionId,
          issuedAt: issuedAt.toISOString(),
          expiresAt: expiresAt.toISOString(),
        }),
      ]);
    });
  }

  /** Locks what serialises repeats: the exam session, or for a carried-over badge the badge still holding that award. */
  private async lockAward(executor: DatabaseExecutor, award: Award): Promise<boolean> {
    if (award.examSessionId) {
      const [session] = await executor.select({ id: examSessions.id }).from(examSessions).where(eq(examSessions.id, award.examSessionId)).for('update');
      return session !== undefined;
    }
    // A later award (passed again here) replaced this one: its own certificate is that award's business.
    const [badge] = await executor
      .select({ userId: badges.userId })
      .from(badges)
      .where(and(eq(badges.userId, award.userId), eq(badges.courseId, award.courseId), eq(badges.awardedAt, award.awardedAt)))
      .for('update');
    return badge !== undefined;
  }

  private async alreadyIssued(executor: DatabaseExecutor, award: Award): Promise<boolean> {
    const [existing] = await executor
      .select({ id: certificates.id })
      .from(certificates)
      .where(award.examSessionId ? or(eq(certificates.id, award.certificateId), eq(certificates.examSessionId, award.examSessionId)) : eq(certificates.id, award.certificateId));
    return existing !== undefined;
  }
}
