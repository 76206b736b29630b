import path from 'node:path';

/**
 * The media types lessons use, with the extension each is stored under. Anything else (HTML, SVG,
 * scripts, unknown types) is never served on the campus origin, where it could run as a page.
 */
const LESSON_MEDIA: Record<string, readonly string[]> = {
  'application/pdf': ['.pdf'],
  'video/mp4': ['.mp4'],
  'video/webm': ['.webm'],
  // A video lesson's captions (<track>); with nosniff, no browser renders WebVTT as a page.
  'text/vtt': ['.vtt'],
  'image/png': ['.png'],
  'image/jpeg': ['.jpg', '.jpeg'],
  'image/gif': ['.gif'],
  'image/webp': ['.webp'],
};

export const LESSON_MEDIA_REFUSED = '教材で使える種類のファイルではありません（PDF・MP4・WebM・WebVTT・PNG・JPEG・GIF・WebP のみ配信します）';

/** The bare media type of a Content-Type header when lessons use it, else null. */
export function lessonMediaType(contentType: string | undefined): string | null {
  const type = contentType?.split(';')[0]!.trim().toLowerCase() ?? '';
  return Object.hasOwn(LESSON_MEDIA, type) ? type : null;
}

/** Whether a file of the media storage has the extension of a lesson media type. */
export function isLessonMediaFile(filePath: string): boolean {
  const extension = path.posix.extname(filePath).toLowerCase();
  return Object.values(LESSON_MEDIA).some((extensions) => extensions.includes(extension));
}

/**
 * `inline` (the PDF viewer and <video> show it in the page) with the file's name: an ASCII fallback
 * with nothing that could end the quoted string or the header, and the UTF-8 name (RFC 6266).
 * The name gets the extension of its type when it has another one.
 */
export function inlineDisposition(pathname: string, mediaType: string | null): string {
  let name: string;
  try {
    name = decodeURIComponent(path.posix.basename(pathname));
  } catch {
    name = path.posix.basename(pathname);
  }
  // Control and format characters, lone surrogates, separators and quotes go: the name cannot break out of the header.
  // (Cut first: a cut through a surrogate pair leaves a lone half, removed here too.)
  name = name.slice(0, 120).replace(/[\p{Cc}\p{Cf}\p{Cs}"\\/;:]/gu, '').trim() || 'download';
  const extensions = mediaType ? LESSON_MEDIA[mediaType] : undefined;
  if (extensions && !extensions.includes(path.posix.extname(name).toLowerCase())) name += extensions[0];
  const ascii = name.replace(/[^\x20-\x7e]/g, '_');
  const encoded = encodeURIComponent(name).replace(/['()*]/g, (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`);
  return `inline; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}
