import { readFileSync, statSync } from 'node:fs';

/** The client's index.html, re-read when a rebuild replaced it (its asset names change with each build). */
export class SpaIndex {
  private cached?: { mtimeMs: number; html: string };

  constructor(private readonly indexPath: string) {}

  html(): string | undefined {
    try {
      const { mtimeMs } = statSync(this.indexPath);
      if (this.cached?.mtimeMs !== mtimeMs) this.cached = { mtimeMs, html: readFileSync(this.indexPath, 'utf8') };
      return this.cached.html;
    } catch {
      return undefined; // no client built: API only
    }
  }
}
