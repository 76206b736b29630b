import { Inject, Injectable, type OnModuleDestroy } from '@nestjs/common';
import { createTransport, type SendMailOptions, type Transporter } from 'nodemailer';
import { APP_CONFIG } from '../../config/config.module.js';
import type { AppConfig } from '../../config/config.js';

/**
 * nodemailer over SMTP_URL, made at first use; null without one (nothing is sent, deliveries are `skipped`).
 * Short timeouts: a server that does not answer fails the job, which BullMQ retries with backoff.
 */
@Injectable()
export class MailTransport implements OnModuleDestroy {
  private transporter: Transporter | undefined;

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  get configured(): boolean {
    return this.config.mail.smtpUrl !== null;
  }

  /** Resolves once the SMTP server accepted the message for every recipient; throws with its answer otherwise. */
  async send(message: SendMailOptions): Promise<void> {
    if (!this.config.mail.smtpUrl) throw new Error('SMTP_URL is not set');
    this.transporter ??= createTransport(this.config.mail.smtpUrl, { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000, disableFileAccess: true, disableUrlAccess: true });
    const info = await this.transporter.sendMail({ ...message, from: this.config.mail.from });
    if (info.rejected.length > 0) throw new Error(`the SMTP server refused ${info.rejected.length} recipient(s): ${String(info.response)}`);
  }

  onModuleDestroy(): void {
    this.transporter?.close();
  }
}
