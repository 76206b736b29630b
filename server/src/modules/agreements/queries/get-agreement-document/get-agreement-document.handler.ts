import { Inject } from '@nestjs/common';
import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { notFound } from '../../../../core/errors/app-error.js';
import { renderMarkdown } from '../../../../core/markdown/render-markdown.js';
import { APP_CONFIG } from '../../../../config/config.module.js';
import type { AppConfig } from '../../../../config/config.js';
import type { AgreementDocument, AgreementDocumentKind } from '../../../../contracts/agreements.js';
import type { DatabaseConnection } from '../../../../database/connection.js';
import { DATABASE_CONNECTION } from '../../../../database/database.tokens.js';
import { siteText } from '../../../catalogue/reads.js';
import { GetAgreementDocumentQuery } from './get-agreement-document.query.js';

const FALLBACK_TITLES: Record<AgreementDocumentKind, string> = { terms: '利用規約', privacy: 'プライバシーポリシー' };

/**
 * The text's own first-level heading is the page's title (its h1); the rest is the body, whose
 * headings then start at h2.
 */
export function splitTitle(markdown: string, kind: AgreementDocumentKind): { title: string; body: string } {
  const match = /^#[ \t]+(.+?)[ \t#]*(?:\r?\n|$)/.exec(markdown.trimStart());
  if (!match) return { title: FALLBACK_TITLES[kind], body: markdown };
  return { title: match[1]!, body: markdown.trimStart().slice(match[0].length) };
}

@QueryHandler(GetAgreementDocumentQuery)
export class GetAgreementDocumentHandler implements IQueryHandler<GetAgreementDocumentQuery> {
  constructor(
    @Inject(DATABASE_CONNECTION) private readonly connection: DatabaseConnection,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async execute({ kind }: GetAgreementDocumentQuery): Promise<AgreementDocument> {
    // The content pack imports both texts under these keys (catalogue/content/import-content-pack.ts).
    const text = await siteText(this.connection.db, kind);
    if (typeof text !== 'string' || text.trim() === '') throw notFound(FALLBACK_TITLES[kind]);
    const { title, body } = splitTitle(text, kind);
    return { kind, version: this.config.termsVersion, title, bodyHtml: renderMarkdown(body) };
  }
}
