import { Inject } from '@nestjs/common';
import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { eq } from 'drizzle-orm';
import { notFound } from '../../../../core/errors/app-error.js';
import type { DatabaseConnection } from '../../../../database/connection.js';
import { DATABASE_CONNECTION } from '../../../../database/database.tokens.js';
import { shortLinks } from '../../share.schema.js';
import { ResolveShortLinkQuery } from './resolve-short-link.query.js';

@QueryHandler(ResolveShortLinkQuery)
export class ResolveShortLinkHandler implements IQueryHandler<ResolveShortLinkQuery> {
  constructor(@Inject(DATABASE_CONNECTION) private readonly connection: DatabaseConnection) {}

  async execute({ code }: ResolveShortLinkQuery): Promise<string> {
    const [link] = await this.connection.db.select({ url: shortLinks.url }).from(shortLinks).where(eq(shortLinks.code, code));
    if (!link) throw notFound('リンク');
    return link.url;
  }
}
