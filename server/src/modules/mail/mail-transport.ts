import { Inject, Injectable, type OnModuleDestroy } from '@nestjs/common';
import { createTransport, type SendMailOptions, type Transporter } from 'nodemailer';
import type SMTPTransport from 'nodemailer/lib/smtp-transport/index.js';
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
    this.transporter ??= createTransport(smtpOptionsOf(this.config.mail.smtpUrl));
    const info = await this.transporter.sendMail({ ...message, from: this.config.mail.from });
    const rejected = info.rejected ?? [];
    if (rejected.length > 0) throw new Error(`the SMTP server refused ${rejected.length} recipient(s): ${String(info.response)}`);
  }

  onModuleDestroy(): void {
    this.transporter?.close();
  }
}

/**
 * SMTP_URL as nodemailer's options: smtps:// is TLS from the start, smtp:// upgrades with STARTTLS when the
 * server offers it. Nothing of a message may name a file or URL for nodemailer to read.
 */
export function smtpOptionsOf(smtpUrl: string): SMTPTransport.Options {
  const url = new URL(smtpUrl);
  const secure = url.protocol === 'smtps:';
  return {
    host: url.hostname,
    port: url.port ? Number(url.port) : secure ? 465 : 587,
    secure,
    auth: url.username ? { user: decodeURIComponent(url.username), pass: decodeURIComponent(url.password) } : undefined,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 20_000,
    disableFileAccess: true,
    disableUrlAccess: true,
  };
}
