import { Inject, Injectable } from '@nestjs/common';
import { and, eq } from 'drizzle-orm';
import type { DatabaseConnection } from '../../../database/connection.js';
import { DATABASE_CONNECTION } from '../../../database/database.tokens.js';
import type { StoredEvent } from '../../../database/event-store.js';
import { announcements } from '../notifications.schema.js';
import { HandlesJob, JobHandler } from '../../../jobs/job-handler.decorator.js';
import { RealtimePublisher } from '../../../realtime/realtime-publisher.js';
import type { AnnouncementEdited, AnnouncementPublished } from '../events.js';
import { announcementIsLive } from '../feed-view.js';

/**
 * Runs at the announcement's publish time (the relay delays the job until then) and tells every open
 * page to refetch its flags. One published at once was pushed by the API already, so it is skipped.
 * An edit that moved a scheduled announcement runs it again at the new time; the job of the old time
 * finds the publish time changed and stays quiet, as does an edit that did not move it.
 */
@Injectable()
@JobHandler('announce-when-announcement-published')
export class AnnounceWhenAnnouncementPublishedHandler implements HandlesJob<StoredEvent> {
  constructor(
    @Inject(DATABASE_CONNECTION) private readonly connection: DatabaseConnection,
    private readonly realtime: RealtimePublisher,
  ) {}

  async handle(event: StoredEvent): Promise<void> {
    const { announcementId, publishAt } = event.data as AnnouncementPublished['data'] | AnnouncementEdited['data'];
    if (!isScheduled(publishAt, event.occurredAt)) return;
    if (event.type === 'AnnouncementEdited' && !(event.data as AnnouncementEdited['data']).rescheduledFrom) return;
    // Taken down, moved since, or not yet live (a clock skew between queue and database) — nothing to announce.
    const [live] = await this.connection.db
      .select({ id: announcements.id })
      .from(announcements)
      .where(and(eq(announcements.id, announcementId), eq(announcements.publishAt, new Date(publishAt)), announcementIsLive(new Date())));
    if (live) this.realtime.toEveryone().emit('announcements.changed');
  }
}

/** Published for later than the moment it was saved (else the API pushed it at once). */
export const isScheduled = (publishAt: string, occurredAt: string): boolean => Date.parse(publishAt) > Date.parse(occurredAt);
