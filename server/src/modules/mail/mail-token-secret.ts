import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG } from '../../config/config.module.js';
import type { AppConfig } from '../../config/config.js';

/**
 * The secret that signs unsubscribe links: MAIL_TOKEN_SECRET, or one generated at first use and kept in
 * DATA_DIR (the worker signs, the API checks: both read the same file). `wx` makes two processes racing
 * at first start agree on the one written first.
 */
@Injectable()
export class MailTokenSecret {
  private value: string | undefined;

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  get(): string {
    this.value ??= this.config.mail.tokenSecret.configured ?? this.fromFile(this.config.mail.tokenSecret.file);
    return this.value;
  }

  private fromFile(file: string): string {
    try {
      return readFileSync(file, 'utf8').trim();
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
    mkdirSync(path.dirname(file), { recursive: true });
    try {
      writeFileSync(file, randomBytes(32).toString('hex'), { flag: 'wx', mode: 0o600 });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    return readFileSync(file, 'utf8').trim();
  }
}
