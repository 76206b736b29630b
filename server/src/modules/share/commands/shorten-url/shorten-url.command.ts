import { Command } from '@nestjs/cqrs';
import type { ShortUrl } from '../../../../contracts/share.js';

export class ShortenUrlCommand extends Command<ShortUrl> {
  constructor(readonly url: string) {
    super();
  }
}
