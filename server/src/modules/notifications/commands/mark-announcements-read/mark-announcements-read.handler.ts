import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { and, eq, not } from 'drizzle-orm';
import type { MarkedRead } from '../../../../contracts/notifications.js';
import { EventStore } from '../../../../database/event-store.js';
import { announcementReads, announcements } from '../../notifications.schema.js';
import { ANNOUNCEMENT_READS_STREAM, AnnouncementsRead } from '../../events.js';
import { announcementIsLive, announcementIsRead } from '../../feed-view.js';
import { lockedStreamVersion } from '../../per-user-stream.js';
import { MarkAnnouncementsReadCommand } from './mark-announcements-read.command.js';

@CommandHandler(MarkAnnouncementsReadCommand)
export class MarkAnnouncementsReadHandler implements ICommandHandler<MarkAnnouncementsReadCommand> {
  constructor(private readonly eventStore: EventStore) {}

  async execute({ userId, meta, onlyAnnouncementId }: MarkAnnouncementsReadCommand): Promise<MarkedRead> {
    const markedCount = await this.eventStore.commit(meta, async ({ tx, append }) => {
      const version = await lockedStreamVersion(tx, ANNOUNCEMENT_READS_STREAM, userId);
      // Only what counts as unread for this learner (feed-view's rule): older ones are read already.
      const unread = await tx
        .select({ id: announcements.id })
        .from(announcements)
        .where(
          and(
            announcementIsLive(new Date()),
            not(announcementIsRead(userId)),
            onlyAnnouncementId ? eq(announcements.id, onlyAnnouncementId) : undefined,
          ),
        );
      if (unread.length === 0) return 0;
      const readAt = new Date();
      const announcementIds = unread.map((row) => row.id);
      await tx
        .insert(announcementReads)
        .values(announcementIds.map((announcementId) => ({ userId, announcementId, readAt })))
        .onConflictDoNothing();
      await append({ streamType: ANNOUNCEMENT_READS_STREAM, streamId: userId, expectedVersion: version }, [
        new AnnouncementsRead({ userId, announcementIds, readAt: readAt.toISOString() }),
      ]);
      return announcementIds.length;
    });
    // `unread.changed` is pushed from AnnouncementsRead, after commit, to every open page of the learner.
    return { markedCount };
  }
}
