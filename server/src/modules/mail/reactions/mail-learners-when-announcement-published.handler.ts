import { Inject, Injectable } from '@nestjs/common';
import { and, asc, eq, gt, sql } from 'drizzle-orm';
import { APP_CONFIG } from '../../../config/config.module.js';
import type { AppConfig } from '../../../config/config.js';
import type { DatabaseConnection } from '../../../database/connection.js';
import { DATABASE_CONNECTION } from '../../../database/database.tokens.js';
import type { StoredEvent } from '../../../database/event-store.js';
import { HandlesJob, JobHandler } from '../../../jobs/job-handler.decorator.js';
import { learnerPastAgreements } from '../../identity/reads.js';
import type { AnnouncementPublished } from '../../notifications/events.js';
import { liveAnnouncement } from '../../notifications/reads.js';
import { MailDeliveries } from '../mail-deliveries.js';
import { mailFanOuts, mailPreferences } from '../mail.schema.js';
import { announcementMail } from '../texts/mail-texts.js';

const PAGE = 200;

/**
 * お知らせ by mail: an announcement the admin marked for mail, once it is live, to every learner who chose
 * announcements (off until they do). Each learner's mail is its own delivery (`announcement@<event>/<learner>`),
 * so a retried job mails only those it had not reached. Taken down before its time, it is mailed to nobody.
 * `mail_fan_outs` counts the runs and marks the one that reached everyone, for the reconciler.
 */
@Injectable()
@JobHandler('mail-learners-when-announcement-published')
export class MailLearnersWhenAnnouncementPublishedHandler implements HandlesJob<StoredEvent> {
  constructor(
    @Inject(DATABASE_CONNECTION) private readonly connection: DatabaseConnection,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly deliveries: MailDeliveries,
  ) {}

  async handle(event: StoredEvent): Promise<void> {
    const published = event.data as AnnouncementPublished['data'];
    if (!published.mail) return;
    const db = this.connection.db;
    if (!(await liveAnnouncement(db, published.announcementId, new Date()))) return;
    await db
      .insert(mailFanOuts)
      .values({ eventId: event.id, runs: 1 })
      .onConflictDoUpdate({ target: mailFanOuts.eventId, set: { runs: sql`${mailFanOuts.runs} + 1` } });
    let after = '00000000-0000-0000-0000-000000000000';
    // One refused address must not keep the others waiting: each is tried, and the job fails (to be retried for those) after.
    const failed: unknown[] = [];
    for (;;) {
      const page = await db
        .select({ userId: mailPreferences.userId })
        .from(mailPreferences)
        .where(and(eq(mailPreferences.announcement, true), gt(mailPreferences.userId, after), learnerPastAgreements(mailPreferences.userId)))
        .orderBy(asc(mailPreferences.userId))
        .limit(PAGE);
      for (const { userId } of page) {
        await this.deliveries
          .deliver({
            kind: 'announcement',
            userId,
            event,
            fanOut: true,
            compose: async ({ holderName, unsubscribeUrl }) => {
              // Read at sending time: the latest edit, and nothing once it was taken down.
              const announcement = await liveAnnouncement(db, published.announcementId, new Date());
              if (!announcement) return null;
              return {
                text: announcementMail({
                  siteName: this.config.siteName,
                  holderName,
                  title: announcement.title,
                  body: announcement.body,
                  pageUrl: `${this.config.publicOrigin}/notifications/general/${published.announcementId}`,
                  unsubscribeUrl: unsubscribeUrl!,
                }),
              };
            },
          })
          .catch((error: unknown) => failed.push(error));
      }
      if (page.length < PAGE) break;
      after = page[page.length - 1]!.userId;
    }
    if (failed.length > 0) throw new AggregateError(failed, `${failed.length} announcement mail(s) not sent; retried for those`);
    await db.update(mailFanOuts).set({ finishedAt: new Date() }).where(eq(mailFanOuts.eventId, event.id));
  }
}
