import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG } from '../../../config/config.module.js';
import type { AppConfig } from '../../../config/config.js';
import { certificationLabelOf } from '../../../contracts/catalogue-slugs.js';
import { REVOCATION_CATEGORY_NAMES } from '../../../contracts/revocation-categories.js';
import type { DatabaseConnection } from '../../../database/connection.js';
import { DATABASE_CONNECTION } from '../../../database/database.tokens.js';
import type { StoredEvent } from '../../../database/event-store.js';
import { HandlesJob, JobHandler } from '../../../jobs/job-handler.decorator.js';
import { awardedCourse } from '../../catalogue/reads.js';
import type { OpenBadgeCredentialRevoked } from '../../credentials/events.js';
import { MailDeliveries } from '../mail-deliveries.js';
import { credentialRevokedMail } from '../texts/mail-texts.js';

/** 認定証の取り消し: the category verifiers are told (never the admin's free-text reason) and whom to ask. */
@Injectable()
@JobHandler('mail-learner-when-credential-revoked')
export class MailLearnerWhenCredentialRevokedHandler implements HandlesJob<StoredEvent> {
  constructor(
    @Inject(DATABASE_CONNECTION) private readonly connection: DatabaseConnection,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly deliveries: MailDeliveries,
  ) {}

  async handle(event: StoredEvent): Promise<void> {
    const revoked = event.data as OpenBadgeCredentialRevoked['data'];
    await this.deliveries.deliver({
      kind: 'revocation',
      userId: revoked.userId,
      event,
      compose: async ({ holderName, unsubscribeUrl }) => {
        const course = await awardedCourse(this.connection.db, revoked.courseId);
        if (!course) return null;
        return {
          text: credentialRevokedMail({
            siteName: this.config.siteName,
            holderName,
            courseLabel: certificationLabelOf(course.slug, course.title),
            certificateSlug: revoked.certificateSlug,
            categoryLabel: REVOCATION_CATEGORY_NAMES[revoked.category],
            certificateUrl: `${this.config.publicOrigin}/mypage/certificates/${revoked.certificateSlug}`,
            contact: this.config.credentialIssuerEmail,
            unsubscribeUrl: unsubscribeUrl!,
          }),
        };
      },
    });
  }
}
