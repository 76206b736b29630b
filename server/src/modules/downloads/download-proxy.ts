import http, { type IncomingMessage } from 'node:http';
import https from 'node:https';
import { Inject, Injectable } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { AppError, notFound } from '../../core/errors/app-error.js';
import { APP_CONFIG } from '../../config/config.module.js';
import type { AppConfig } from '../../config/config.js';
import { approveMediaUrl } from './approved-url.js';
import { inlineDisposition, isLessonMediaFile, LESSON_MEDIA_REFUSED, lessonMediaType } from './lesson-media.js';
import { publicOnlyLookup } from '../../common/http/public-address.js';

/** Response headers worth passing on: size, ranges and caching (the type is checked and set apart). */
const PASSED_HEADERS = ['content-length', 'content-range', 'accept-ranges', 'etag', 'last-modified', 'cache-control'];
const MAX_REDIRECTS = 3;

/**
 * On every answer of the proxy, files and errors alike: whatever a file holds, the browser neither
 * sniffs it into another type nor runs it as a page of the campus origin (scripts, forms, same-origin
 * access all off). pdf.js and <video> read the bytes; they are not documents, so sandbox costs them nothing.
 */
const PROXY_HEADERS = { 'content-security-policy': 'sandbox', 'x-content-type-options': 'nosniff' };

const upstreamFailed = (message = '保存先からファイルを取得できませんでした') => new AppError('UPSTREAM_FAILED', message);
const deadlinePassed = () => upstreamFailed('保存先の応答が遅すぎるため、取得を打ち切りました');

/**
 * The download route (`?url=`): media of approved storage hosts, served on this origin so pages,
 * the PDF viewer and <video> never load from elsewhere. The campus's own storage is read from
 * disk; remote hosts are fetched with the guards of approveMediaUrl and publicOnlyLookup, within
 * one deadline for the whole download (DOWNLOAD_TIMEOUT_SECONDS) and at most DOWNLOAD_MAX_CONCURRENT
 * at once in this process. Only the media types lessons use are served.
 */
@Injectable()
export class DownloadProxy {
  private running = 0;

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  async send(raw: string, range: string | undefined, reply: FastifyReply): Promise<FastifyReply> {
    reply.headers(PROXY_HEADERS);
    const source = approveMediaUrl(raw, this.config.storage, this.config.publicOrigin);
    if (source.kind === 'local') {
      if (!isLessonMediaFile(source.relativePath)) throw new AppError('VALIDATION_FAILED', LESSON_MEDIA_REFUSED, 'url');
      // @fastify/static answers ranges, types and 404s for the media folder.
      reply.header('content-disposition', inlineDisposition(source.relativePath, null));
      return reply.sendFile(source.relativePath, this.config.mediaDir);
    }
    return this.sendRemote(source.url, range, reply);
  }

  private async sendRemote(url: URL, range: string | undefined, reply: FastifyReply): Promise<FastifyReply> {
    if (this.running >= this.config.storage.maxConcurrent) {
      throw new AppError('SERVICE_UNAVAILABLE', 'ダウンロードが混み合っています。しばらくしてから再度お試しください');
    }
    this.running += 1;
    // One deadline for the whole download: connection, redirects, headers and every byte of the body.
    // An inactivity timeout alone lets a host that sends a byte now and then hold the download for ever.
    const deadline = new AbortController();
    const timer = setTimeout(() => deadline.abort(deadlinePassed()), this.config.storage.timeoutMs);
    let released = false;
    const release = () => {
      if (released) return;
      released = true;
      clearTimeout(timer);
      this.running -= 1;
    };

    let upstream: IncomingMessage;
    let finalUrl: URL;
    try {
      ({ response: upstream, url: finalUrl } = await this.fetch(url, range, 0, deadline.signal));
    } catch (error) {
      release();
      throw error;
    }
    upstream.once('close', release);
    deadline.signal.addEventListener('abort', () => upstream.destroy(deadline.signal.reason as Error), { once: true });
    try {
      return this.relay(upstream, finalUrl, reply);
    } catch (error) {
      upstream.destroy();
      throw error;
    }
  }

  private relay(upstream: IncomingMessage, url: URL, reply: FastifyReply): FastifyReply {
    const status = upstream.statusCode ?? 0;
    if (status === 404) throw notFound('ファイル');
    // Outside the file: only the status and the size, never the upstream's body.
    if (status === 416) {
      upstream.destroy();
      const contentRange = upstream.headers['content-range'];
      if (contentRange) reply.header('content-range', contentRange);
      return reply.code(416).send();
    }
    if (status !== 200 && status !== 206) throw upstreamFailed();
    const mediaType = lessonMediaType(upstream.headers['content-type']);
    if (!mediaType) throw upstreamFailed(LESSON_MEDIA_REFUSED);
    const length = Number(upstream.headers['content-length'] ?? 0);
    if (length > this.config.storage.maxBytes) throw upstreamFailed('ファイルが大きすぎます');
    let seen = 0;
    upstream.on('data', (chunk: Buffer) => {
      seen += chunk.length;
      // A server that lied about its length (or sent none) is cut off at the cap.
      if (seen > this.config.storage.maxBytes) upstream.destroy(new Error('download cap reached'));
    });
    reply.code(status).type(mediaType).header('content-disposition', inlineDisposition(url.pathname, mediaType));
    for (const name of PASSED_HEADERS) {
      const value = upstream.headers[name];
      if (value !== undefined) reply.header(name, value);
    }
    return reply.send(upstream);
  }

  /** One GET, following redirects only to approved hosts; resolves with the last response and its URL. */
  private fetch(url: URL, range: string | undefined, redirects: number, signal: AbortSignal): Promise<{ response: IncomingMessage; url: URL }> {
    const { allowPrivateAddresses } = this.config.storage;
    const client = url.protocol === 'https:' ? https : http;
    return new Promise((resolve, reject) => {
      const request = client.get(url, { headers: range ? { range } : {}, lookup: publicOnlyLookup(allowPrivateAddresses) as never, signal }, (response) => {
        const location = response.headers.location;
        if (response.statusCode && response.statusCode >= 300 && response.statusCode < 400 && location) {
          response.destroy();
          if (redirects >= MAX_REDIRECTS) return reject(upstreamFailed('リダイレクトが多すぎます'));
          try {
            const next = approveMediaUrl(new URL(location, url).href, this.config.storage, this.config.publicOrigin);
            if (next.kind !== 'remote') return reject(upstreamFailed('許可されていない保存先へのリダイレクトです'));
            return resolve(this.fetch(next.url, range, redirects + 1, signal));
          } catch {
            return reject(upstreamFailed('許可されていない保存先へのリダイレクトです'));
          }
        }
        resolve({ response, url });
      });
      request.on('error', (error) => {
        if (signal.aborted) return reject(signal.reason instanceof AppError ? signal.reason : deadlinePassed());
        reject(error instanceof AppError ? error : upstreamFailed());
      });
    });
  }
}
