import type { IncomingHttpHeaders } from 'node:http';
import { AppError } from '../../core/errors/app-error.js';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

function hasBody(headers: IncomingHttpHeaders): boolean {
  const length = headers['content-length'];
  return (length !== undefined && length !== '0') || headers['transfer-encoding'] !== undefined;
}

/**
 * CSRF defence for cookie sessions: a state-changing request must be an XHR (a header a cross-site form
 * cannot set), must not come from another origin, and may only carry JSON. It runs as the first hook of
 * every request, before the body is parsed, so a refused request costs nothing further.
 * Returns the refusal, or null when the request may go on.
 */
export function refuseCrossSiteWrite(
  request: { method: string; headers: IncomingHttpHeaders },
  allowedOrigins: readonly string[],
  /** Media types a file-upload route takes as its body besides JSON (still an XHR from this origin). */
  fileTypes: readonly string[] = [],
): AppError | null {
  if (SAFE_METHODS.has(request.method)) return null;
  const { headers } = request;
  const origin = headers.origin;
  if ((origin !== undefined && !allowedOrigins.includes(origin)) || (origin === undefined && headers['sec-fetch-site'] === 'cross-site')) {
    return new AppError('CROSS_SITE_REQUEST', '別のサイトからのリクエストは受け付けられません');
  }
  if (headers['x-requested-with'] !== 'XMLHttpRequest') {
    return new AppError('XHR_HEADER_REQUIRED', 'X-Requested-With: XMLHttpRequest ヘッダーが必要です');
  }
  const mediaType = (headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
  if (hasBody(headers) && mediaType !== 'application/json' && !fileTypes.includes(mediaType)) {
    return new AppError('UNSUPPORTED_MEDIA_TYPE', 'JSON 形式（application/json）で送信してください', 'content-type');
  }
  return null;
}
