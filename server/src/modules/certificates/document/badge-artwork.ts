import { readFileSync } from 'node:fs';
import path from 'node:path';
import { badgeArtworkNameOf } from '../../../contracts/catalogue-slugs.js';

/**
 * The course's skill badge PNG (`npm run badge-art`, shipped in the built client under /badges/), for the
 * certificate PDF. Null when the client is not built here (a worker on its own): the certificate is
 * still issued, without the picture, rather than failing the award.
 */
export function readBadgeArtwork(clientDistDir: string, courseSlug: string): Buffer | null {
  // Only the eight known slugs and the studio's shared badge become a file name: nothing else of the disk is reachable.
  try {
    return readFileSync(path.join(clientDistDir, 'badges', `${badgeArtworkNameOf(courseSlug)}.png`));
  } catch {
    return null;
  }
}
