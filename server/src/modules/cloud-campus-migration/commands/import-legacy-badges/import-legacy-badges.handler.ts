import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { eq, inArray, isNull, sql } from 'drizzle-orm';
import { EventStore, type UnitOfWork } from '../../../../database/event-store.js';
import { legacyBadges, waitingLegacyBadges } from '../../cloud-campus-migration.schema.js';
import { learnerCloudCampusStanding, learnersNotOfferedMigration } from '../../../identity/reads.js';
import { recordUserFacts } from '../../../identity/user-stream.js';
import { CloudCampusMigrationOffered, LEGACY_BADGES_STREAM, LegacyBadgesImported } from '../../events.js';
import { lockLearnersMigration } from '../../migration-lock.js';
import { ImportLegacyBadgesCommand, type LegacyBadgesImportReport } from './import-legacy-badges.command.js';
import { type LegacyBadgeRow, parseLegacyBadgeCsv } from './legacy-badge-csv.js';

const CHUNK = 500;

const chunksOf = <T>(items: T[], size: number): T[][] =>
  Array.from({ length: Math.ceil(items.length / size) }, (_, index) => items.slice(index * size, (index + 1) * size));

const keyOf = (email: string, courseSlug: string) => `${email}\n${courseSlug}`;

/**
 * Upserts the valid rows in one transaction (a re-run of the same file changes nothing), then offers
 * the migration to existing learners whose verified e-mail has records waiting. Records already carried
 * over to a learner are never rewritten.
 */
@CommandHandler(ImportLegacyBadgesCommand)
export class ImportLegacyBadgesHandler implements ICommandHandler<ImportLegacyBadgesCommand> {
  constructor(private readonly eventStore: EventStore) {}

  execute({ csv, source, meta, onProgress }: ImportLegacyBadgesCommand): Promise<LegacyBadgesImportReport> {
    const now = new Date();
    const { rows, rejected } = parseLegacyBadgeCsv(csv, now);

    return this.eventStore.commit(meta, async (unit) => {
      const { tx, append } = unit;
      let imported = 0;
      let done = 0;
      for (const chunk of chunksOf(rows, CHUNK)) {
        const existing = await tx
          .select({ email: legacyBadges.email, courseSlug: legacyBadges.courseSlug, passedAt: legacyBadges.passedAt, migratedAt: legacyBadges.migratedAt })
          .from(legacyBadges)
          .where(inArray(legacyBadges.email, [...new Set(chunk.map((row) => row.email))]));
        const known = new Map(existing.map((row) => [keyOf(row.email, row.courseSlug), row]));
        const changed = chunk.filter((row: LegacyBadgeRow) => {
          const current = known.get(keyOf(row.email, row.courseSlug));
          return !current || (current.migratedAt === null && current.passedAt.getTime() !== row.passedAt.getTime());
        });
        if (changed.length > 0) {
          await tx
            .insert(legacyBadges)
            .values(changed.map((row) => ({ email: row.email, courseSlug: row.courseSlug, passedAt: row.passedAt, importedAt: now })))
            .onConflictDoUpdate({
              target: [legacyBadges.email, legacyBadges.courseSlug],
              set: { passedAt: sql`excluded.passed_at`, importedAt: sql`excluded.imported_at` },
              // Someone may have migrated between our read and this write: a migrated record stays as it was.
              setWhere: isNull(legacyBadges.migratedAt),
            });
        }
        imported += changed.length;
        done += chunk.length;
        onProgress?.(done, rows.length);
      }

      const offeredUserIds = await this.offerToExistingLearners(unit, [...new Set(rows.map((row) => row.email))]);
      const report = { imported, unchanged: rows.length - imported, rejected, offeredUsers: offeredUserIds.length };

      // Two imports at once: the second waits here for the first rather than failing on the stream's version.
      const version = await unit.lockStream(LEGACY_BADGES_STREAM.streamType, LEGACY_BADGES_STREAM.streamId);
      await append({ ...LEGACY_BADGES_STREAM, expectedVersion: version }, [
        new LegacyBadgesImported({ source, imported, unchanged: report.unchanged, rejected: rejected.length, offeredUserIds }),
      ]);
      return report;
    });
  }

  /** Sets the flag, through the learner's own stream, for learners who log in with one of these e-mails. */
  private async offerToExistingLearners(unit: UnitOfWork, emails: string[]): Promise<string[]> {
    const { tx } = unit;
    const offered: string[] = [];
    for (const chunk of chunksOf(emails, CHUNK)) {
      for (const learner of await learnersNotOfferedMigration(tx, chunk)) {
        // A migration of theirs under way finishes first; then the learner is read again.
        await lockLearnersMigration(unit, learner.userId);
        const standing = await learnerCloudCampusStanding(tx, learner.userId);
        if (!standing || standing.canMigrateFromCloudCampus || standing.verifiedEmail !== learner.verifiedEmail) continue;
        const email = learner.verifiedEmail;
        const waiting = await tx.select({ courseSlug: waitingLegacyBadges.courseSlug }).from(waitingLegacyBadges).where(eq(waitingLegacyBadges.email, email)).orderBy(waitingLegacyBadges.courseSlug);
        if (waiting.length === 0) continue;
        await recordUserFacts(unit, learner.userId, [new CloudCampusMigrationOffered({ email, courseSlugs: waiting.map((row) => row.courseSlug) })]);
        offered.push(learner.userId);
      }
    }
    return offered;
  }
}
