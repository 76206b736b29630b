import http, { type IncomingMessage } from 'node:http';
import https from 'node:https';
import { Inject, Injectable } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { AppError, notFound } from '../../common/errors/app-error.js';
import { APP_CONFIG } from '../../config/config.module.js';
import type { AppConfig } from '../../config/config.js';
import { approveMediaUrl } from './approved-url.js';
import { publicOnlyLookup } from './public-address.js';

/** Response headers worth passing on: type, size, ranges and caching. */
const PASSED_HEADERS = ['content-type', 'content-length', 'content-range', 'accept-ranges', 'etag', 'last-modified', 'cache-control'];
const MAX_REDIRECTS = 3;

const upstreamFailed = (message = '保存先からファイルを取得できませんでした') => new AppError('UPSTREAM_FAILED', message);

/**
 * GET /api/v1/download?url= — media of approved storage hosts, served on this origin so pages,
 * the PDF viewer and <video> never load from elsewhere. The campus's own storage is read from
 * disk; remote hosts are fetched with the guards of approveMediaUrl and publicOnlyLookup.
 */
@Injectable()
export class DownloadProxy {
  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  async send(raw: string, range: string | undefined, reply: FastifyReply): Promise<FastifyReply> {
    const source = approveMediaUrl(raw, this.config.storage, this.config.publicOrigin);
    if (source.kind === 'local') {
      // @fastify/static answers ranges, types and 404s for the media folder.
      return reply.sendFile(source.relativePath, this.config.mediaDir);
    }
    const upstream = await this.fetch(source.url, range, 0);
    if (upstream.statusCode === 404) {
      upstream.resume();
      throw notFound('ファイル');
    }
    if (![200, 206, 416].includes(upstream.statusCode ?? 0)) {
      upstream.resume();
      throw upstreamFailed();
    }
    const length = Number(upstream.headers['content-length'] ?? 0);
    if (length > this.config.storage.maxBytes) {
      upstream.destroy();
      throw upstreamFailed('ファイルが大きすぎます');
    }
    let seen = 0;
    upstream.on('data', (chunk: Buffer) => {
      seen += chunk.length;
      // A server that lied about its length (or sent none) is cut off at the cap.
      if (seen > this.config.storage.maxBytes) upstream.destroy(new Error('download cap reached'));
    });
    reply.code(upstream.statusCode!);
    for (const name of PASSED_HEADERS) {
      const value = upstream.headers[name];
      if (value !== undefined) reply.header(name, value);
    }
    return reply.send(upstream);
  }

  /** One GET, following redirects only to approved hosts. */
  private fetch(url: URL, range: string | undefined, redirects: number): Promise<IncomingMessage> {
    const { allowPrivateAddresses, timeoutMs } = this.config.storage;
    const client = url.protocol === 'https:' ? https : http;
    return new Promise((resolve, reject) => {
      const request = client.get(
        url,
        { headers: range ? { range } : {}, lookup: publicOnlyLookup(allowPrivateAddresses) as never, timeout: timeoutMs },
        (response) => {
          const location = response.headers.location;
          if (response.statusCode && response.statusCode >= 300 && response.statusCode < 400 && location) {
            response.resume();
            if (redirects >= MAX_REDIRECTS) return reject(upstreamFailed('リダイレクトが多すぎます'));
            try {
              const next = approveMediaUrl(new URL(location, url).href, this.config.storage, this.config.publicOrigin);
              if (next.kind !== 'remote') return reject(upstreamFailed('許可されていない保存先へのリダイレクトです'));
              return resolve(this.fetch(next.url, range, redirects + 1));
            } catch {
              return reject(upstreamFailed('許可されていない保存先へのリダイレクトです'));
            }
          }
          resolve(response);
        },
      );
      request.on('timeout', () => request.destroy(upstreamFailed('保存先の応答がありません')));
      request.on('error', (error) => reject(error instanceof AppError ? error : upstreamFailed()));
    });
  }
}
