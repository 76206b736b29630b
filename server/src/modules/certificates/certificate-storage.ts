import { randomBytes } from 'node:crypto';
import { mkdir, open, readFile, rename, unlink } from 'node:fs/promises';
import path from 'node:path';
import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG } from '../../config/config.module.js';
import type { AppConfig } from '../../config/config.js';

const FOLDER = 'certificates';

/** Certificate PDFs in the private certificate folder (never published, unlike the media storage), at `certificates/<certificate id>.pdf`. */
@Injectable()
export class CertificateStorage {
  private readonly root: string;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    this.root = path.resolve(config.certificateDir);
  }

  /**
   * Writes the PDF under a temporary name, flushes it to disk and renames it into place, so a crash
   * never leaves half a file at the real path. Returns the path relative to the certificate folder.
   */
  async save(certificateId: string, pdf: Buffer): Promise<string> {
    const relative = `${FOLDER}/${certificateId}.pdf`;
    const target = this.resolve(relative);
    await mkdir(path.dirname(target), { recursive: true });
    const temporary = `${target}.${randomBytes(6).toString('hex')}.tmp`;
    try {
      const file = await open(temporary, 'wx');
      try {
        await file.writeFile(pdf);
        await file.sync();
      } finally {
        await file.close();
      }
      await rename(temporary, target);
    } catch (error) {
      await unlink(temporary).catch(() => undefined);
      throw error;
    }
    return relative;
  }

  /** The stored bytes, or null when the file is not there. */
  read(relative: string): Promise<Buffer | null> {
    return readStoredCertificate(this.root, relative);
  }

  private resolve(relative: string): string {
    return resolveInside(this.root, relative);
  }
}

function resolveInside(root: string, relative: string): string {
  const absolute = path.resolve(root, relative);
  // Paths come from our own rows, but a path must never leave the certificate folder.
  if (!absolute.startsWith(`${root}${path.sep}`)) throw new Error(`certificate path outside the certificate folder: ${relative}`);
  return absolute;
}

/** A stored certificate PDF under the certificate folder `root`, or null when the file is not there. */
export async function readStoredCertificate(root: string, relative: string): Promise<Buffer | null> {
  try {
    return await readFile(resolveInside(path.resolve(root), relative));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}
