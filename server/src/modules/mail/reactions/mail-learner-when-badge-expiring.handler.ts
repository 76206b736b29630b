import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG } from '../../../config/config.module.js';
import type { AppConfig } from '../../../config/config.js';
import { certificationLabelOf } from '../../../contracts/catalogue-slugs.js';
import type { DatabaseConnection } from '../../../database/connection.js';
import { DATABASE_CONNECTION } from '../../../database/database.tokens.js';
import type { StoredEvent } from '../../../database/event-store.js';
import { HandlesJob, JobHandler } from '../../../jobs/job-handler.decorator.js';
import { awardedCourse } from '../../catalogue/reads.js';
import type { BadgeExpiryReminded } from '../../notifications/events.js';
import { MailDeliveries } from '../mail-deliveries.js';
import { badgeExpiringMail } from '../texts/mail-texts.js';

/**
 * 有効期限のお知らせ and 更新受験のご案内 in one mail: the reminder is made the day the renewal window opens
 * (30 days before expiry), so the two moments are one.
 */
@Injectable()
@JobHandler('mail-learner-when-badge-expiring')
export class MailLearnerWhenBadgeExpiringHandler implements HandlesJob<StoredEvent> {
  constructor(
    @Inject(DATABASE_CONNECTION) private readonly connection: DatabaseConnection,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly deliveries: MailDeliveries,
  ) {}

  async handle(event: StoredEvent): Promise<void> {
    const reminded = event.data as BadgeExpiryReminded['data'];
    await this.deliveries.deliver({
      kind: 'expiry',
      userId: reminded.userId,
      event,
      compose: async ({ holderName, unsubscribeUrl }) => {
        const course = await awardedCourse(this.connection.db, reminded.courseId);
        if (!course) return null;
        return {
          text: badgeExpiringMail({
            siteName: this.config.siteName,
            holderName,
            courseLabel: certificationLabelOf(course.slug, course.title),
            expiresAt: new Date(reminded.expiresAt),
            renewalUrl: `${this.config.publicOrigin}/lineyahoo-marketing-skill-badge/courses/${course.slug}`,
            unsubscribeUrl: unsubscribeUrl!,
          }),
        };
      },
    });
  }
}
