import { readFileSync, statSync } from 'node:fs';
import type { AnalyticsTagIds } from '../../contracts/analytics-tags.js';
import { pageMetadataFor } from '../../contracts/page-metadata.js';
import { withAnalyticsTagIds } from '../http/analytics-tags-html.js';
import { withPageMetadata } from '../http/page-html.js';

/**
 * The client's index.html, answered for every page path with that page's metadata and the configured
 * analytics tag ids written in. The file
 * is re-read when a rebuild replaced it (its asset names change with each build).
 */
export class SpaIndex {
  private cached?: { mtimeMs: number; html: string };

  /** @param publicUrl the site's public origin: share previews need absolute addresses. */
  constructor(
    private readonly indexPath: string,
    private readonly publicUrl: URL,
    private readonly analyticsTagIds: AnalyticsTagIds = {},
  ) {}

  htmlFor(requestUrl: string): string | undefined {
    const indexHtml = this.read();
    if (!indexHtml) return undefined;
    const pageUrl = new URL(requestUrl, this.publicUrl);
    return withPageMetadata(indexHtml, pageMetadataFor(pageUrl.pathname), pageUrl);
  }

  private read(): string | undefined {
    try {
      const { mtimeMs } = statSync(this.indexPath);
      // The tracker ids are the same for every page: written in once per file, not per request.
      if (this.cached?.mtimeMs !== mtimeMs) this.cached = { mtimeMs, html: withAnalyticsTagIds(readFileSync(this.indexPath, 'utf8'), this.analyticsTagIds) };
      return this.cached.html;
    } catch {
      return undefined; // no client built: API only
    }
  }
}
