import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { eq } from 'drizzle-orm';
import { AppError, notFound } from '../../../../core/errors/app-error.js';
import { type AdminAnnouncement, PUBLISH_AT_SLACK_MS } from '../../../../contracts/announcements.js';
import { EventStore } from '../../../../database/event-store.js';
import { announcements } from '../../notifications.schema.js';
import { adminAnnouncementColumns, announcementStatus, toAdminAnnouncement } from '../../admin-announcement-view.js';
import { ANNOUNCEMENT_STREAM, AnnouncementEdited } from '../../events.js';
import { isFeedId } from '../../feed-ids.js';
import { lockedStreamVersion } from '../../per-user-stream.js';
import { EditAnnouncementCommand } from './edit-announcement.command.js';

export const UNPUBLISHED_MESSAGE = 'このお知らせは取り下げ済みです';

/**
 * The publish time after an edit: kept when omitted or sent back unchanged; moved only while the
 * announcement is still scheduled (a live one keeps its date, so learners' unread state does not jump),
 * and never into the past. `null` means "publish now" by the server's clock: it moves a scheduled one
 * to `now`, and keeps a live one's date, since that one is already published (nothing to move).
 */
export function publishAtAfterEdit(current: { publishAt: Date; unpublishedAt: Date | null }, requested: string | null | undefined, now: Date): Date {
  if (requested === null) return announcementStatus(current, now) === 'scheduled' ? now : current.publishAt;
  if (requested === undefined || Date.parse(requested) === current.publishAt.getTime()) return current.publishAt;
  if (announcementStatus(current, now) !== 'scheduled') {
    throw new AppError('VALIDATION_FAILED', 'publishAt: 公開済みのお知らせの公開日時は変更できません（変更できるのは予約中のお知らせだけです）', 'publishAt');
  }
  const wanted = new Date(requested);
  if (wanted.getTime() < now.getTime() - PUBLISH_AT_SLACK_MS) throw new AppError('VALIDATION_FAILED', 'publishAt: publishAt に過去の日時は指定できません', 'publishAt');
  return wanted;
}

@CommandHandler(EditAnnouncementCommand)
export class EditAnnouncementHandler implements ICommandHandler<EditAnnouncementCommand> {
  constructor(private readonly eventStore: EventStore) {}

  async execute({ adminId, announcementId, request, meta }: EditAnnouncementCommand): Promise<AdminAnnouncement> {
    if (!isFeedId(announcementId)) throw notFound('お知らせ');
    const edited = await this.eventStore.commit(meta, async ({ tx, append }) => {
      const version = await lockedStreamVersion(tx, ANNOUNCEMENT_STREAM, announcementId);
      const [current] = await tx
        .select({ publishAt: announcements.publishAt, unpublishedAt: announcements.unpublishedAt })
        .from(announcements)
        .where(eq(announcements.id, announcementId));
      if (!current) throw notFound('お知らせ');
      if (current.unpublishedAt) throw new AppError('NOT_FOUND', UNPUBLISHED_MESSAGE);
      const publishAt = publishAtAfterEdit(current, request.publishAt, new Date());
      const link = request.link ?? null;
      const [row] = await tx
        .update(announcements)
        .set({ title: request.title, body: request.body, link, publishAt })
        .where(eq(announcements.id, announcementId))
        .returning(adminAnnouncementColumns);
      const moved = publishAt.getTime() !== current.publishAt.getTime();
      await append({ streamType: ANNOUNCEMENT_STREAM, streamId: announcementId, expectedVersion: version }, [
        new AnnouncementEdited({
          announcementId,
          title: request.title,
          link,
          publishAt: publishAt.toISOString(),
          rescheduledFrom: moved ? current.publishAt.toISOString() : null,
          editedBy: adminId,
        }),
      ]);
      return row!;
    });
    const view = toAdminAnnouncement(edited, new Date());
    // Live (or moved to now): `announcements.changed` is pushed after commit. A scheduled one is pushed by the delayed job at its new time.
    return view;
  }
}
