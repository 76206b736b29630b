import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, open, readFile, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { Inject } from '@nestjs/common';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import sharp from 'sharp';
import { AppError } from '../../../../core/errors/app-error.js';
import { APP_CONFIG } from '../../../../config/config.module.js';
import type { AppConfig } from '../../../../config/config.js';
import { STUDIO_UPLOAD_LIMITS, STUDIO_UPLOAD_TYPES, type StudioUpload, type StudioUploadKind } from '../../../../contracts/studio-courses.js';
import { mediaDownloadUrlOf } from '../../../../contracts/routes/lessons.js';
import { parseWebVtt } from '../../content/webvtt.js';
import { CARD_IMAGE_FORMATS, CARD_IMAGE_WIDTHS } from '../../studio/course-draft-document.js';
import { UploadStudioMediaCommand } from './upload-studio-media.command.js';

const EXTENSIONS: Record<string, string> = {
  'application/pdf': 'pdf',
  'video/mp4': 'mp4',
  'video/webm': 'webm',
  'text/vtt': 'vtt',
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/webp': 'webp',
};

const KIND_NAMES: Record<StudioUploadKind, string> = { pdf: 'スライドの PDF', video: '動画', captions: '字幕ファイル（WebVTT）', thumbnail: 'サムネイル画像' };

const refused = (message: string) => new AppError('VALIDATION_FAILED', message, 'file');

/**
 * Writes the body to `file` as it arrives, with back-pressure, and never more than `limit` bytes. Past the
 * limit the rest is read and dropped, so the answer (413) reaches a client still sending on a kept-alive
 * connection; only admins get this far, and nginx caps the size in front.
 */
function writeCapped(body: Readable, file: string, limit: number): Promise<{ bytes: number; tooLarge: boolean }> {
  return new Promise((resolve, reject) => {
    const out = createWriteStream(file);
    let bytes = 0;
    let tooLarge = false;
    const fail = (error: Error) => {
      out.destroy();
      reject(error);
    };
    out.on('error', fail);
    body.on('error', fail);
    body.on('aborted', () => fail(new Error('upload aborted')));
    body.on('data', (chunk: Buffer) => {
      bytes += chunk.length;
      if (tooLarge) return;
      if (bytes > limit) {
        tooLarge = true;
        out.destroy();
        return;
      }
      if (!out.write(chunk)) {
        body.pause();
        out.once('drain', () => body.resume());
      }
    });
    body.on('end', () => (tooLarge ? resolve({ bytes, tooLarge }) : out.end(() => resolve({ bytes, tooLarge }))));
  });
}

async function headAndTail(file: string, size: number): Promise<{ head: Buffer; tail: Buffer }> {
  const handle = await open(file, 'r');
  try {
    const head = Buffer.alloc(Math.min(16, size));
    await handle.read(head, 0, head.length, 0);
    const tail = Buffer.alloc(Math.min(1024, size));
    await handle.read(tail, 0, tail.length, size - tail.length);
    return { head, tail };
  } finally {
    await handle.close();
  }
}

/** What the file's own bytes say it is, whatever the request claimed; null when they say nothing we take. */
function problemOf(kind: StudioUploadKind, contentType: string, head: Buffer, tail: Buffer): string | null {
  const name = KIND_NAMES[kind];
  if (kind === 'pdf') {
    if (head.subarray(0, 5).toString('latin1') !== '%PDF-') return `${name}ではありません（PDF ファイルを選んでください）`;
    if (!tail.toString('latin1').includes('%%EOF')) return `${name}が途中で切れています。もう一度アップロードしてください`;
    return null;
  }
  if (kind === 'video') {
    const isMp4 = head.subarray(4, 8).toString('latin1') === 'ftyp';
    const isWebm = head.subarray(0, 4).equals(Buffer.from([0x1a, 0x45, 0xdf, 0xa3]));
    if (contentType === 'video/mp4' ? !isMp4 : !isWebm) return `${name}のファイルではありません（MP4 か WebM を選んでください）`;
    return null;
  }
  if (kind === 'thumbnail') {
    const isPng = head.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
    const isJpeg = head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff;
    const isWebp = head.subarray(0, 4).toString('latin1') === 'RIFF' && head.subarray(8, 12).toString('latin1') === 'WEBP';
    const matches = { 'image/png': isPng, 'image/jpeg': isJpeg, 'image/webp': isWebp }[contentType];
    return matches ? null : `${name}ではありません（PNG・JPEG・WebP を選んでください）`;
  }
  return null;
}

const CARD_RATIO = 9 / 16;

/**
 * AVIF, WebP and PNG at each card width, cropped to 16:9 around the middle: `<stem>-<width>.<format>`.
 * An image sharp cannot read (a PNG signature on something else) is refused like any bad file.
 */
async function writeCardImages(source: string, stem: string): Promise<void> {
  try {
    for (const width of CARD_IMAGE_WIDTHS) {
      const resized = sharp(source, { limitInputPixels: 40_000_000 }).resize(width, Math.round(width * CARD_RATIO), { fit: 'cover' });
      await resized.clone().avif({ quality: 60, effort: 4 }).toFile(`${stem}-${width}.avif`);
      await resized.clone().webp({ quality: 82 }).toFile(`${stem}-${width}.webp`);
      await resized.clone().png({ compressionLevel: 9 }).toFile(`${stem}-${width}.png`);
    }
  } catch {
    for (const width of CARD_IMAGE_WIDTHS) for (const format of CARD_IMAGE_FORMATS) await rm(`${stem}-${width}.${format}`, { force: true });
    throw refused('サムネイル画像を読み取れませんでした。別の画像を選んでください');
  }
}

@CommandHandler(UploadStudioMediaCommand)
export class UploadStudioMediaHandler implements ICommandHandler<UploadStudioMediaCommand> {
  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  /**
   * Streams the body to a part file under the media storage (`MEDIA_DIR`, shared by every process),
   * checks it, then renames it into place: a refused or cut-off upload leaves nothing behind.
   */
  async execute({ kind, contentType, body }: UploadStudioMediaCommand): Promise<StudioUpload> {
    const type = contentType.split(';')[0]!.trim().toLowerCase();
    if (!STUDIO_UPLOAD_TYPES[kind].includes(type)) {
      body.resume();
      throw new AppError('UNSUPPORTED_MEDIA_TYPE', `${KIND_NAMES[kind]}は ${STUDIO_UPLOAD_TYPES[kind].join(' / ')} で送ってください`, 'file');
    }
    const relative = `studio/${kind}/${randomUUID()}.${EXTENSIONS[type]}`;
    const target = path.join(path.resolve(this.config.mediaDir), relative);
    const part = `${target}.part`;
    await mkdir(path.dirname(target), { recursive: true });
    const limit = STUDIO_UPLOAD_LIMITS[kind];
    let written: { bytes: number; tooLarge: boolean };
    try {
      written = await writeCapped(body, part, limit);
    } catch (error) {
      await rm(part, { force: true });
      throw error;
    }
    const { bytes } = written;
    if (written.tooLarge) {
      await rm(part, { force: true });
      throw new AppError('PAYLOAD_TOO_LARGE', `${KIND_NAMES[kind]}は ${limit / 1024 / 1024 >= 1 ? `${limit / 1024 / 1024} MB` : `${limit / 1024} KB`} 以下にしてください`, 'file');
    }
    try {
      if (bytes === 0) throw refused(`${KIND_NAMES[kind]}が空です`);
      let cueCount: number | null = null;
      if (kind === 'captions') {
        const parsed = parseWebVtt(await readFile(part, 'utf8'));
        if (!parsed.ok) throw refused(parsed.message);
        cueCount = parsed.cues.length;
      } else {
        const { head, tail } = await headAndTail(part, bytes);
        const problem = problemOf(kind, type, head, tail);
        if (problem) throw refused(problem);
      }
      if (kind === 'thumbnail') {
        // The card sizes, as `npm run course-images` draws the pack's: the course points at their common stem.
        const stem = relative.replace(/\.[a-z]+$/, '');
        await writeCardImages(part, path.join(path.resolve(this.config.mediaDir), stem));
        await rm(part, { force: true });
        return { path: stem, url: `${this.config.storage.mediaBaseUrl}${stem}-${CARD_IMAGE_WIDTHS[0]}.png`, bytes, pageCount: null, cueCount };
      }
      await rename(part, target);
      return { path: relative, url: mediaDownloadUrlOf(this.config.storage.mediaBaseUrl, relative), bytes, pageCount: null, cueCount };
    } catch (error) {
      await rm(part, { force: true });
      throw error;
    }
  }
}
