import { CanActivate, ExecutionContext, Inject, Injectable } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { APP_CONFIG } from '../../config/config.module.js';
import type { AppConfig } from '../../config/config.js';
import { AppError } from '../errors/app-error.js';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

function hasBody(request: FastifyRequest): boolean {
  const length = request.headers['content-length'];
  return (length !== undefined && length !== '0') || request.headers['transfer-encoding'] !== undefined;
}

/**
 * CSRF defence for cookie sessions: a state-changing request must be an XHR (a header a cross-site form
 * cannot set), must not come from another origin, and may only carry JSON.
 */
@Injectable()
export class SameSiteXhrGuard implements CanActivate {
  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  canActivate(context: ExecutionContext): boolean {
    if (context.getType() !== 'http') return true;
    const request = context.switchToHttp().getRequest<FastifyRequest>();
    if (SAFE_METHODS.has(request.method)) return true;

    const origin = request.headers.origin;
    if (origin !== undefined && !this.config.allowedOrigins.includes(origin)) {
      throw new AppError('CROSS_SITE_REQUEST', '別のサイトからのリクエストは受け付けられません');
    }
    if (origin === undefined && request.headers['sec-fetch-site'] === 'cross-site') {
      throw new AppError('CROSS_SITE_REQUEST', '別のサイトからのリクエストは受け付けられません');
    }
    if (request.headers['x-requested-with'] !== 'XMLHttpRequest') {
      throw new AppError('XHR_HEADER_REQUIRED', 'X-Requested-With: XMLHttpRequest ヘッダーが必要です');
    }
    const contentType = request.headers['content-type'];
    if (hasBody(request) && !/^application\/json(\s*;|$)/i.test(contentType ?? '')) {
      throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'JSON 形式（application/json）で送信してください', 'content-type');
    }
    return true;
  }
}
