import { Inject, Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { and, eq, isNull, ne } from 'drizzle-orm';
import { APP_CONFIG } from '../../../config/config.module.js';
import type { AppConfig } from '../../../config/config.js';
import type { DatabaseConnection, DatabaseExecutor } from '../../../database/connection.js';
import { DATABASE_CONNECTION } from '../../../database/database.tokens.js';
import { EventStore, type StoredEvent, type UnitOfWork } from '../../../database/event-store.js';
import { awardedCourse } from '../../catalogue/reads.js';
import { certificateForCredential } from '../../certificates/reads.js';
import { gradedExamScore } from '../../certification/reads.js';
import { learnerCredentialEmail } from '../../identity/reads.js';
import { HandlesJob, JobHandler } from '../../../jobs/job-handler.decorator.js';
import type { CertificateIssued } from '../../certificates/events.js';
import { openBadgeCredentials } from '../credentials.schema.js';
import { CREDENTIAL_STREAM, OpenBadgeCredentialIssued, OpenBadgeCredentialSuperseded } from '../events.js';
import { newIdentitySalt, openBadgeCredentialOf } from '../open-badge-credential.js';
import { randomStatusListIndex } from '../status-list/bitstring-status-list.js';
import { CredentialSigningKey } from '../signing/credential-signing-key.js';
import { signCredential } from '../signing/vc-jwt.js';
import { signWithDataIntegrity } from '../signing/data-integrity-proof.js';

/** The advisory lock that serialises the credentials of one badge line (`<userId>:<courseId>`); no stream of events. */
const CREDENTIAL_LINE_LOCK = 'credential-line';

/** A credential of a badge line, at the stream version its row holds. */
interface LineCredential {
  credentialId: string;
  certificateId: string;
  userId: string;
  courseId: string;
  validFrom: Date;
  version: number;
}

/**
 * Signs the Open Badges credential of a certificate just issued (for a passed exam or a badge carried
 * over from Cloud Campus: both end in CertificateIssued) and records it with `OpenBadgeCredentialIssued`
 * in one transaction (after commit `credential.issued` is pushed to the learner's open certificate page).
 * Delivery is at least once: the badge line is locked (an advisory lock of its own) while the credential
 * is stored, so a repeat waits, then finds the credential and does nothing. The learner's earlier credential
 * of the same course (the badge line a renewal carries on) is superseded in the same transaction.
 */
@Injectable()
@JobHandler('issue-credential-when-certificate-issued')
export class IssueCredentialWhenCertificateIssuedHandler implements HandlesJob<StoredEvent> {
  constructor(
    @Inject(DATABASE_CONNECTION) private readonly connection: DatabaseConnection,
    private readonly eventStore: EventStore,
    private readonly signingKey: CredentialSigningKey,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async handle(event: StoredEvent): Promise<void> {
    const issued = event.data as CertificateIssued['data'];
    const { db } = this.connection;
    if (await this.alreadyIssued(db, issued.certificateId)) return;

    // The address the identity provider vouches for first: it is the one an employer can ask the learner to prove.
    const email = await learnerCredentialEmail(db, issued.userId);
    const course = await awardedCourse(db, issued.courseId);
    // The passed exam's score is the credential's result (a badge carried over from Cloud Campus has none).
    const exam = issued.examSessionId ? await gradedExamScore(db, issued.examSessionId) : null;
    // Failing keeps the job for a retry and in the failed list, rather than a credential naming nobody.
    if (!email || !course) throw new Error(`credential of certificate ${issued.certificateId}: learner e-mail or course missing`);

    const credentialId = randomUUID();
    const statusListIndex = await this.freeStatusListIndex(db);
    const issuedAt = new Date();
    const key = await this.signingKey.issuerKey();
    const credential = openBadgeCredentialOf({
      credentialId,
      subjectId: `urn:uuid:${randomUUID()}`,
      publicOrigin: this.config.publicOrigin,
      issuer: { did: key.did, name: this.config.siteName, email: this.config.credentialIssuerEmail },
      email: email.toLowerCase(),
      salt: newIdentitySalt(),
      course,
      exam: exam ? { submittedAt: exam.finishedAt, percent: exam.percent } : null,
      validFrom: new Date(issued.issuedAt),
      validUntil: new Date(issued.expiresAt),
      statusListIndex,
    });
    // Both forms of the one credential, by the one key.
    const jwt = await signCredential(credential, key, issuedAt);
    const dataIntegrity = await signWithDataIntegrity(credential, key, issuedAt);

    const meta = { actorId: null, requestId: null, correlationId: event.meta.correlationId, causationId: event.id };
    await this.eventStore.commit(meta, async (unit) => {
      const { tx, append } = unit;
      // One badge line at a time: two credentials of it issued at once would each miss the other, and a
      // repeat of this job waits here, then finds its credential.
      await unit.lockStream(CREDENTIAL_LINE_LOCK, `${issued.userId}:${issued.courseId}`);
      if (!(await certificateForCredential(tx, issued.certificateId)) || (await this.alreadyIssued(tx, issued.certificateId))) return;
      const row = {
        id: credentialId,
        certificateId: issued.certificateId,
        userId: issued.userId,
        courseId: issued.courseId,
        validFrom: new Date(credential.validFrom),
        validUntil: new Date(credential.validUntil),
        jwt,
        dataIntegrity,
        issuedAt,
        statusListIndex,
      };
      await tx.insert(openBadgeCredentials).values(row);
      await append({ streamType: CREDENTIAL_STREAM, streamId: credentialId, expectedVersion: 0 }, [
        new OpenBadgeCredentialIssued({
          credentialId,
          certificateId: issued.certificateId,
          userId: issued.userId,
          courseId: issued.courseId,
          validFrom: credential.validFrom,
          validUntil: credential.validUntil,
        }),
      ]);
      await this.supersedeLine(unit, { credentialId, certificateId: issued.certificateId, userId: issued.userId, courseId: issued.courseId, validFrom: row.validFrom, version: 1 });
    });
  }

  /**
   * The line's latest award is its current credential: every other one not yet superseded points to it.
   * Normally that is the one just issued; one issued late (a job retried after a renewal) is itself
   * superseded by the newer one already there.
   */
  private async supersedeLine(unit: UnitOfWork, issued: LineCredential): Promise<void> {
    const others = await unit.tx
      .select({
        credentialId: openBadgeCredentials.id,
        certificateId: openBadgeCredentials.certificateId,
        userId: openBadgeCredentials.userId,
        courseId: openBadgeCredentials.courseId,
        validFrom: openBadgeCredentials.validFrom,
        version: openBadgeCredentials.streamVersion,
      })
      .from(openBadgeCredentials)
      .where(
        and(
          eq(openBadgeCredentials.userId, issued.userId),
          eq(openBadgeCredentials.courseId, issued.courseId),
          isNull(openBadgeCredentials.supersededBy),
          ne(openBadgeCredentials.id, issued.credentialId),
        ),
      )
      .for('update');
    if (others.length === 0) return;
    const line = [issued, ...others].sort((a, b) => b.validFrom.getTime() - a.validFrom.getTime());
    const [latest, ...older] = line as [LineCredential, ...LineCredential[]];
    const supersededAt = new Date();
    for (const credential of older) await this.supersede(unit, credential, latest, supersededAt);
  }

  private async supersede({ tx, append }: UnitOfWork, credential: LineCredential, by: LineCredential, supersededAt: Date): Promise<void> {
    await tx
      .update(openBadgeCredentials)
      .set({ supersededBy: by.credentialId, supersededAt, streamVersion: credential.version + 1 })
      .where(eq(openBadgeCredentials.id, credential.credentialId));
    await append({ streamType: CREDENTIAL_STREAM, streamId: credential.credentialId, expectedVersion: credential.version }, [
      new OpenBadgeCredentialSuperseded({
        credentialId: credential.credentialId,
        certificateId: credential.certificateId,
        userId: credential.userId,
        courseId: credential.courseId,
        supersededBy: by.credentialId,
        supersededByCertificateId: by.certificateId,
        supersededAt: supersededAt.toISOString(),
      }),
    ]);
  }

  /**
   * A place no credential holds yet. Two issuers drawing the same one at once: the unique index fails
   * the second commit and its job's retry draws again (rare while the list is far from full).
   */
  private async freeStatusListIndex(executor: DatabaseExecutor): Promise<number> {
    for (let attempt = 0; attempt < 20; attempt += 1) {
      const candidate = randomStatusListIndex();
      const [taken] = await executor.select({ id: openBadgeCredentials.id }).from(openBadgeCredentials).where(eq(openBadgeCredentials.statusListIndex, candidate));
      if (!taken) return candidate;
    }
    throw new Error('status list 1 is (nearly) full: no free place found in 20 draws');
  }

  private async alreadyIssued(executor: DatabaseExecutor, certificateId: string): Promise<boolean> {
    const [existing] = await executor.select({ id: openBadgeCredentials.id }).from(openBadgeCredentials).where(eq(openBadgeCredentials.certificateId, certificateId));
    return existing !== undefined;
  }
}
