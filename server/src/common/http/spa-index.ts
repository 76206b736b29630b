import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import type { AnalyticsTagIds } from '../../contracts/analytics-tags.js';
import { pageMetadataFor, type PageMetadata } from '../../contracts/page-metadata.js';
import type { ErrorEnvelope } from '../../contracts/errors.js';
import { withAnalyticsTagIds } from './analytics-tags-html.js';
import { errorPageHtml } from './error-page.js';
import { FIRST_PAGE_MODULES, firstPageModule, withFirstPagePreloads, type FirstPageModule, type ViteManifest } from './first-page-preloads.js';
import { pageUrlOf, withPageMetadata } from './page-html.js';

/**
 * The client's index.html, answered for every page path with that page's metadata, the configured
 * analytics tag ids and links that start loading the page's own code written in. The file (and the
 * build manifest beside it) is re-read when a rebuild replaced it (its asset names change with each build).
 */
export class SpaIndex {
  private cached?: { mtimeMs: number; html: string; htmlByModule: Map<FirstPageModule, string> };

  /** @param publicUrl the site's public origin: share previews need absolute addresses. */
  constructor(
    private readonly indexPath: string,
    private readonly publicUrl: URL,
    private readonly analyticsTagIds: AnalyticsTagIds = {},
  ) {}

  /** @param metadata the page's own, when it has more than its kind's preset (a certificate's verification page). */
  htmlFor(requestUrl: string, metadata?: PageMetadata): string | undefined {
    const index = this.read();
    if (!index) return undefined;
    const pageUrl = pageUrlOf(requestUrl, this.publicUrl);
    const module = firstPageModule(pageUrl.pathname);
    const html = (module && index.htmlByModule.get(module)) ?? index.html;
    return withPageMetadata(html, metadata ?? pageMetadataFor(pageUrl.pathname), pageUrl);
  }

  /** The error page for a page address that was refused, in the client's look; undefined when no client is built. */
  errorPageFor(envelope: ErrorEnvelope): string | undefined {
    const index = this.read();
    return index && errorPageHtml(index.html, envelope);
  }

  private read() {
    try {
      const { mtimeMs } = statSync(this.indexPath);
      if (this.cached?.mtimeMs !== mtimeMs) {
        // The tracker ids and each route module's links are the same for every request: written in
        // once per build, not per request.
        const html = withAnalyticsTagIds(readFileSync(this.indexPath, 'utf8'), this.analyticsTagIds);
        const manifest = this.readManifest();
        const htmlByModule = new Map(FIRST_PAGE_MODULES.map((module) => [module, withFirstPagePreloads(html, manifest, module)]));
        this.cached = { mtimeMs, html, htmlByModule };
      }
      return this.cached;
    } catch {
      return undefined; // no client built: API only
    }
  }

  /** The build manifest, or none (missing or unreadable: pages then load their code as before). */
  private readManifest(): ViteManifest {
    try {
      const manifest: unknown = JSON.parse(readFileSync(path.join(path.dirname(this.indexPath), '.vite', 'manifest.json'), 'utf8'));
      return typeof manifest === 'object' && manifest !== null ? (manifest as ViteManifest) : {};
    } catch {
      return {};
    }
  }
}
