import { Module } from '@nestjs/common';
import { ConfirmMailAddressHandler } from './commands/confirm-mail-address/confirm-mail-address.handler.js';
import { ConfirmMailAddressWhenProfileUpdatedHandler } from './reactions/confirm-mail-address-when-profile-updated.handler.js';
import { UnsubscribeFromMailHandler } from './commands/unsubscribe-from-mail/unsubscribe-from-mail.handler.js';
import { UpdateMailPreferencesHandler } from './commands/update-mail-preferences/update-mail-preferences.handler.js';
import { MailController } from './mail.controller.js';
import { MailDeliveries } from './mail-deliveries.js';
import { MailTokenSecret } from './mail-token-secret.js';
import { MailTransport } from './mail-transport.js';
import { GetMailPreferencesHandler } from './queries/get-mail-preferences/get-mail-preferences.handler.js';
import { MailLearnerWhenBadgeExpiringHandler } from './reactions/mail-learner-when-badge-expiring.handler.js';
import { MailLearnerWhenCertificateIssuedHandler } from './reactions/mail-learner-when-certificate-issued.handler.js';
import { MailLearnerWhenCredentialRevokedHandler } from './reactions/mail-learner-when-credential-revoked.handler.js';
import { MailLearnersWhenAnnouncementPublishedHandler } from './reactions/mail-learners-when-announcement-published.handler.js';
import { OutstandingMailsFinder } from './reconciliation/outstanding-mails.finder.js';

/** Mail to learners: their choices, the unsubscribe links, and the worker's sending of each owed mail. */
@Module({
  controllers: [MailController],
  providers: [
    MailTokenSecret,
    MailTransport,
    MailDeliveries,
    GetMailPreferencesHandler,
    UpdateMailPreferencesHandler,
    UnsubscribeFromMailHandler,
    ConfirmMailAddressHandler,
    ConfirmMailAddressWhenProfileUpdatedHandler,
    MailLearnerWhenCertificateIssuedHandler,
    MailLearnerWhenBadgeExpiringHandler,
    MailLearnerWhenCredentialRevokedHandler,
    MailLearnersWhenAnnouncementPublishedHandler,
    OutstandingMailsFinder,
  ],
})
export class MailModule {}
