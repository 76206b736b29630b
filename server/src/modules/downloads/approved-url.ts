import { isIP } from 'node:net';
import path from 'node:path';
import { AppError } from '../../core/errors/app-error.js';
import type { AppConfig } from '../../config/config.js';

/** Where a requested file comes from: the campus's own media storage, or an approved remote host. */
export type MediaSource = { kind: 'local'; relativePath: string } | { kind: 'remote'; url: URL };

const refuse = (message: string) => new AppError('VALIDATION_FAILED', message, 'url');

/**
 * Decides whether the download proxy may serve `raw`, before any network access. Refuses
 * anything but http(s), user-info (`https://approved@evil/`), IP literals in any notation (the URL
 * parser has already turned decimal / hex / octal IPv4 into dotted form), hosts off the list and
 * paths that climb out of the media storage.
 */
export function approveMediaUrl(raw: string, storage: AppConfig['storage'], publicOrigin: string): MediaSource {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw refuse('URL の形式で指定してください');
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw refuse('http または https の URL を指定してください');
  if (url.username || url.password) throw refuse('ユーザー情報を含む URL は使えません');
  if (isIP(url.hostname.replace(/^\[|\]$/g, ''))) throw refuse('IP アドレスの URL は使えません');

  const base = new URL(storage.mediaBaseUrl);
  if (base.origin === publicOrigin && url.origin === base.origin && url.pathname.startsWith(base.pathname)) {
    let decoded: string;
    try {
      decoded = decodeURIComponent(url.pathname.slice(base.pathname.length));
    } catch {
      // `%` not followed by two hex digits, or escapes that are not UTF-8 (a URIError otherwise).
      throw refuse('URL の % エスケープが正しくありません');
    }
    const relativePath = path.posix.normalize(decoded);
    if (relativePath.startsWith('..') || path.posix.isAbsolute(relativePath) || relativePath.includes('\0')) throw refuse('保存先の外のファイルは指定できません');
    return { kind: 'local', relativePath };
  }
  if (storage.remoteHosts.includes(url.origin)) return { kind: 'remote', url };
  throw refuse('許可されていない保存先の URL です');
}
