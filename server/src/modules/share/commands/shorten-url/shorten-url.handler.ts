import { createHash } from 'node:crypto';
import { Inject } from '@nestjs/common';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { eq } from 'drizzle-orm';
import { AppError } from '../../../../core/errors/app-error.js';
import { APP_CONFIG } from '../../../../config/config.module.js';
import type { AppConfig } from '../../../../config/config.js';
import { SHORT_LINK_PREFIX, type ShortUrl } from '../../../../contracts/share.js';
import type { DatabaseConnection } from '../../../../database/connection.js';
import { DATABASE_CONNECTION } from '../../../../database/database.tokens.js';
import { shortLinks } from '../../share.schema.js';
import { ShortenUrlCommand } from './shorten-url.command.js';

/** Eight characters of base64url give 2^48 codes: collisions are rare, and then a longer code is taken. */
const SHORTEST_CODE = 8;

const codesFor = (url: string) => {
  const digest = createHash('sha256').update(url).digest('base64url');
  return [SHORTEST_CODE, 12, 16, digest.length].map((length) => digest.slice(0, length));
};

/** Share links are shortened on our own origin; the same URL always gets the same code. */
@CommandHandler(ShortenUrlCommand)
export class ShortenUrlHandler implements ICommandHandler<ShortenUrlCommand> {
  constructor(
    @Inject(DATABASE_CONNECTION) private readonly connection: DatabaseConnection,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async execute({ url }: ShortenUrlCommand): Promise<ShortUrl> {
    const target = new URL(url);
    // Only our own pages: an open shortener would lend our domain to anyone's link.
    if (target.origin !== this.config.publicOrigin) throw new AppError('VALIDATION_FAILED', 'このサイトのページの URL だけを短縮できます', 'value');
    const normalised = target.href;
    const db = this.connection.db;
    for (const code of codesFor(normalised)) {
      await db.insert(shortLinks).values({ code, url: normalised }).onConflictDoNothing();
      const [stored] = await db.select({ url: shortLinks.url }).from(shortLinks).where(eq(shortLinks.code, code));
      if (stored?.url === normalised) return { value: `${this.config.publicOrigin}${SHORT_LINK_PREFIX}${code}` };
    }
    throw new AppError('INTERNAL_ERROR', 'URL を短縮できませんでした');
  }
}
