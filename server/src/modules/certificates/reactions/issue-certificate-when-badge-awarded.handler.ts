import { Inject, Injectable } from '@nestjs/common';
import { eq, or } from 'drizzle-orm';
import { APP_CONFIG } from '../../../config/config.module.js';
import type { AppConfig } from '../../../config/config.js';
import { clientDistDir } from '../../../config/client-dist-dir.js';
import type { DatabaseConnection, DatabaseExecutor } from '../../../database/connection.js';
import { DATABASE_CONNECTION } from '../../../database/database.tokens.js';
import { EventStore, type StoredEvent } from '../../../database/event-store.js';
import { awardedCourse } from '../../catalogue/reads.js';
import { certificates } from '../certificates.schema.js';
import { currentBadgeAward } from '../../certification/reads.js';
import { learnerName } from '../../identity/reads.js';
import { HandlesJob, JobHandler } from '../../../jobs/job-handler.decorator.js';
import { printedNameOf } from '../../../contracts/current-user.js';
import { type BadgeAwarded, EXAM_SESSION_STREAM } from '../../certification/events.js';
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
    // Only from the reconciler, for badges carried over before certification announced them with BadgeAwarded:
    // such events carry the expiry and whether a later badge was kept.
    const userId = event.streamId;
    return (event.data as CloudCampusBadgesMigrated['data']).badges
      .filter((badge) => badge.keptLaterBadge === false && badge.expiresAt !== undefined)
      .map((badge) => {
        const awardedAt = new Date(badge.passedAt);
        return { certificateId: migratedCertificateIdFor(userId, badge.courseId, awardedAt), userId, courseId: badge.courseId, awardedAt, expiresAt: new Date(badge.expiresAt!), examSessionId: null };
      });
  }
  const badge = event.data as BadgeAwarded['data'];
  const awardedAt = new Date(badge.awardedAt);
  const expiresAt = new Date(badge.expiresAt);
  if (event.streamType === EXAM_SESSION_STREAM) {
    return [{ certificateId: certificateIdFor(event.streamId), userId: badge.userId, courseId: badge.courseId, awardedAt, expiresAt, examSessionId: event.streamId }];
  }
  // A badge carried over from Cloud Campus: no session; its id is the learner's, course's and pass date's.
  return [{ certificateId: migratedCertificateIdFor(badge.userId, badge.courseId, awardedAt), userId: badge.userId, courseId: badge.courseId, awardedAt, expiresAt, examSessionId: null }];
}

/**
 * Issues the certificate of a badge certification awarded (BadgeAwarded: a passed exam, or a badge carried
 * over from Cloud Campus): renders its PDF once, stores it, records the row and appends `CertificateIssued`
 * in one transaction that touches certificates' tables only (`certificate.issued` is pushed after commit).
 * The certificate of an award is found again by learner, course and award time (`issued_at`), which is how
 * the reconciler tells awards still owed one. Delivery is at least once: the certificate's own stream is
 * locked while it is stored, so a repeat waits, then finds the certificate and does nothing.
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
    const { db } = this.connection;
    if (await this.alreadyIssued(db, award)) return;
    // A carried-over badge that a later award (passed again here) replaced: its own certificate is that award's business.
    if (!examSessionId && !(await this.stillHeld(db, award))) return;

    const holder = await learnerName(db, award.userId);
    const course = await awardedCourse(db, award.courseId);
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
    await this.eventStore.commit(meta, async ({ tx, append, lockStream }) => {
      if ((await lockStream(CERTIFICATE_STREAM, certificateId)) > 0 || (await this.alreadyIssued(tx, award))) return;
      // Stored before commit: a committed row always finds its file; a failed commit leaves a file
      // at the same id-derived path, which the retry overwrites.
      const pdfPath = await this.storage.save(certificateId, pdf);
      await tx.insert(certificates).values({ id: certificateId, slug, userId: award.userId, courseId: award.courseId, examSessionId, holderName, issuedAt, expiresAt, pdfPath });
      await append({ streamType: CERTIFICATE_STREAM, streamId: certificateId, expectedVersion: 0 }, [
        new CertificateIssued({
          certificateId,
          slug,
          userId: award.userId,
          courseId: award.courseId,
          courseSlug: course.slug,
          courseTitle: course.title,
          examSessionId,
          issuedAt: issuedAt.toISOString(),
          expiresAt: expiresAt.toISOString(),
        }),
      ]);
    });
  }

  private async stillHeld(db: DatabaseExecutor, award: Award): Promise<boolean> {
    const held = await currentBadgeAward(db, award.userId, award.courseId);
    return held?.awardedAt.getTime() === award.awardedAt.getTime();
  }

  private async alreadyIssued(executor: DatabaseExecutor, award: Award): Promise<boolean> {
    const [existing] = await executor
      .select({ id: certificates.id })
      .from(certificates)
      .where(award.examSessionId ? or(eq(certificates.id, award.certificateId), eq(certificates.examSessionId, award.examSessionId)) : eq(certificates.id, award.certificateId));
    return existing !== undefined;
  }
}
