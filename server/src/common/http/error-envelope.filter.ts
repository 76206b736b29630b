import { ArgumentsHost, Catch, ExceptionFilter, HttpException, Logger } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ERROR_CODES, ErrorCode, ErrorEnvelope } from '../../contracts/errors.js';
import type { PageMetadata } from '../../contracts/page-metadata.js';
import { pageAnswerOf, type PageContentLookup } from './page-status.js';
import { AppError } from '../../core/errors/app-error.js';
import { isDependencyUnavailable } from '../../core/errors/dependency-unavailable.js';
import type { SpaIndex } from './spa-index.js';
import { isPageRequest, sendErrorAnswer } from './error-page.js';
import { sendHtmlPage } from './html-reply.js';
import { withFirstText } from './first-text-html.js';
import { pageUrlOf, withPageFacts } from './page-html.js';

const MESSAGES: Partial<Record<ErrorCode, string>> = {
  VALIDATION_FAILED: '入力内容に誤りがあります',
  LOGIN_REQUIRED: 'ログインしてください',
  FORBIDDEN: 'この操作を行う権限がありません',
  NOT_FOUND: 'お探しのページはみつかりませんでした。',
  METHOD_NOT_ALLOWED: 'この操作には対応していません',
  REQUEST_TIMEOUT: 'リクエストが時間内に届きませんでした。再度お試しください',
  PAYLOAD_TOO_LARGE: '送信されたデータが大きすぎます',
  UNSUPPORTED_MEDIA_TYPE: 'JSON 形式で送信してください',
  TOO_MANY_REQUESTS: 'リクエストが多すぎます。しばらくしてから再度お試しください',
  HEADERS_TOO_LARGE: 'URL または Cookie などのヘッダーが長すぎます',
  INTERNAL_ERROR: 'エラーが発生しました。時間をおいて再度お試しください',
  SERVICE_UNAVAILABLE: 'ただいまサービスを利用できません。時間をおいて再度お試しください',
};

/** What a 503 suggests: PostgreSQL restarts in seconds. */
const RETRY_AFTER_SECONDS = '5';

const CODE_BY_STATUS: Record<number, ErrorCode> = {
  400: 'VALIDATION_FAILED',
  401: 'LOGIN_REQUIRED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  405: 'METHOD_NOT_ALLOWED',
  408: 'REQUEST_TIMEOUT',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  429: 'TOO_MANY_REQUESTS',
  431: 'HEADERS_TOO_LARGE',
  503: 'SERVICE_UNAVAILABLE',
};

export function fromStatus(status: number): ErrorEnvelope {
  const code = CODE_BY_STATUS[status] ?? (status >= 500 ? 'INTERNAL_ERROR' : 'VALIDATION_FAILED');
  const envelopeStatus = CODE_BY_STATUS[status] ? status : ERROR_CODES[code];
  return { message: MESSAGES[code] ?? MESSAGES.INTERNAL_ERROR!, status: envelopeStatus, code };
}

const invalidBody = (): ErrorEnvelope => ({
  message: 'リクエストの本文が正しい JSON ではありません',
  status: 400,
  code: 'VALIDATION_FAILED',
  field: 'body',
});

/** Fastify's router could not read the path: a malformed `%` escape, or a parameter over maxParamLength. */
const ROUTER_ERRORS = new Set(['FST_ERR_BAD_URL', 'FST_ERR_MAX_PARAM_LENGTH']);

const invalidPath = (): ErrorEnvelope => ({
  message: 'URL のパスが正しくありません',
  status: 400,
  code: 'VALIDATION_FAILED',
  field: 'path',
});

/** Any thrown value → the `{message, status, code}` envelope; never a stack trace. */
export function toErrorEnvelope(error: unknown): ErrorEnvelope {
  if (error instanceof AppError) return error.toEnvelope();
  if (ROUTER_ERRORS.has((error as { code?: unknown } | null)?.code as string)) return invalidPath();
  // Our own code throws AppError; a framework 400 means the body could not be parsed.
  if (error instanceof HttpException && error.getStatus() === 400) return invalidBody();
  if (error instanceof HttpException) return fromStatus(error.getStatus());
  // Fastify's own errors (body parsing, media type, size) carry a 4xx statusCode.
  const statusCode = (error as { statusCode?: unknown } | null)?.statusCode;
  if (typeof statusCode === 'number' && statusCode >= 400 && statusCode < 500) {
    return statusCode === 400 ? invalidBody() : fromStatus(statusCode);
  }
  // PostgreSQL or Redis away (restarting, say): nothing is wrong with the request; it can be sent again.
  if (isDependencyUnavailable(error)) return fromStatus(503);
  return fromStatus(500);
}

@Catch()
export class ErrorEnvelopeFilter implements ExceptionFilter {
  private readonly logger = new Logger('ErrorEnvelope');

  /**
   * @param spaIndex the client's index.html, answered for page paths so the client router shows the page
   *   (404 included), and the frame of the error page for a page address refused with another status.
   * @param pageContentExists whether the content a page names (course, lesson, announcement, the asker's own
   *   certificate or notification) is there for the request's session.
   * @param pageMetadataOf a page's own metadata when it has some beyond its preset (undefined: the preset).
   */
  constructor(
    private readonly spaIndex?: SpaIndex,
    private readonly pageContentExists?: PageContentLookup,
    private readonly pageMetadataOf?: (pathname: string) => Promise<PageMetadata | undefined>,
  ) {}

  catch(error: unknown, host: ArgumentsHost): void {
    if (host.getType() !== 'http') return;
    const request = host.switchToHttp().getRequest<FastifyRequest>();
    const reply = host.switchToHttp().getResponse<FastifyReply>();
    const envelope = toErrorEnvelope(error);
    const indexHtml = envelope.status === 404 && isPageRequest(request) && this.spaIndex?.htmlFor(request.url);
    if (indexHtml) {
      // Fastify waits for the reply: the proxy that called this filter returned it.
      void this.sendPage(request, reply, indexHtml);
      return;
    }
    if (envelope.status === 503) {
      this.logger.warn({ err: error, requestId: request.id, url: request.url }, 'request refused: a dependency is unavailable');
      reply.header('retry-after', RETRY_AFTER_SECONDS);
    } else if (envelope.status >= 500) {
      this.logger.error({ err: error, requestId: request.id, url: request.url }, 'request failed');
    }
    sendErrorAnswer(request, reply, envelope, this.spaIndex);
  }

  /** The page's HTML, with 404 for a page the site does not have (the client router shows its 404 page there too). */
  private async sendPage(request: FastifyRequest, reply: FastifyReply, presetHtml: string): Promise<void> {
    const { pathname } = pageUrlOf(request.url, new URL('http://page.invalid'));
    const lookup = this.pageContentExists;
    const { status, facts } = await pageAnswerOf(pathname, lookup && ((content) => lookup(content, request)));
    // A lookup that fails leaves the preset: share previews are not worth a failed page.
    const metadata = await this.pageMetadataOf?.(pathname).catch(() => undefined);
    const html = (metadata && this.spaIndex?.htmlFor(request.url, metadata)) || presetHtml;
    sendHtmlPage(request, reply, status, withFirstText(withPageFacts(html, pathname, facts), facts.firstText));
  }
}
