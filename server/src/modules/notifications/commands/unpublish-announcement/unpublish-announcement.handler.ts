import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { eq } from 'drizzle-orm';
import { notFound } from '../../../../core/errors/app-error.js';
import type { AdminAnnouncement } from '../../../../contracts/announcements.js';
import { EventStore } from '../../../../database/event-store.js';
import { announcements } from '../../notifications.schema.js';
import { adminAnnouncementColumns, toAdminAnnouncement } from '../../admin-announcement-view.js';
import { ANNOUNCEMENT_STREAM, AnnouncementUnpublished } from '../../events.js';
import { isFeedId } from '../../feed-ids.js';
import { lockedStreamVersion } from '../../per-user-stream.js';
import { UnpublishAnnouncementCommand } from './unpublish-announcement.command.js';

@CommandHandler(UnpublishAnnouncementCommand)
export class UnpublishAnnouncementHandler implements ICommandHandler<UnpublishAnnouncementCommand> {
  constructor(private readonly eventStore: EventStore) {}

  async execute({ adminId, announcementId, meta }: UnpublishAnnouncementCommand): Promise<AdminAnnouncement> {
    if (!isFeedId(announcementId)) throw notFound('お知らせ');
    const row = await this.eventStore.commit(meta, async ({ tx, append }) => {
      const version = await lockedStreamVersion(tx, ANNOUNCEMENT_STREAM, announcementId);
      const [current] = await tx.select(adminAnnouncementColumns).from(announcements).where(eq(announcements.id, announcementId));
      if (!current) throw notFound('お知らせ');
      // Already down: the same answer, and no second fact.
      if (current.unpublishedAt) return current;
      const unpublishedAt = new Date();
      await tx.update(announcements).set({ unpublishedAt }).where(eq(announcements.id, announcementId));
      await append({ streamType: ANNOUNCEMENT_STREAM, streamId: announcementId, expectedVersion: version }, [
        new AnnouncementUnpublished({ announcementId, unpublishedAt: unpublishedAt.toISOString(), unpublishedBy: adminId }),
      ]);
      return { ...current, unpublishedAt };
    });
    // `announcements.changed` is pushed after commit: every open page refetches its flags, and a New badge only this one lit goes out.
    return toAdminAnnouncement(row, new Date());
  }
}
