import { randomUUID } from 'node:crypto';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import type { PublishedAnnouncement } from '../../../../contracts/announcements.js';
import { EventStore } from '../../../../database/event-store.js';
import { announcements } from '../../notifications.schema.js';
import { ANNOUNCEMENT_STREAM, AnnouncementPublished } from '../../events.js';
import { PublishAnnouncementCommand } from './publish-announcement.command.js';

@CommandHandler(PublishAnnouncementCommand)
export class PublishAnnouncementHandler implements ICommandHandler<PublishAnnouncementCommand> {
  constructor(private readonly eventStore: EventStore) {}

  async execute({ adminId, request, meta }: PublishAnnouncementCommand): Promise<PublishedAnnouncement> {
    const now = new Date();
    const publishAt = request.publishAt ? new Date(request.publishAt) : now;
    const announcementId = randomUUID();
    const link = request.link ?? null;
    await this.eventStore.commit(meta, async ({ tx, append }) => {
      await tx.insert(announcements).values({ id: announcementId, title: request.title, body: request.body, link, publishAt, createdBy: adminId, createdAt: now });
      await append({ streamType: ANNOUNCEMENT_STREAM, streamId: announcementId, expectedVersion: 0 }, [
        new AnnouncementPublished({ announcementId, title: request.title, link, publishAt: publishAt.toISOString(), createdBy: adminId, mail: request.mail === true }),
      ]);
    });
    const isPublished = publishAt.getTime() <= Date.now();
    // Live at once: `announcements.changed` is pushed after commit from the event. A scheduled one is pushed by the delayed job.
    return { announcementId, publishAt: publishAt.toISOString(), isPublished };
  }
}
