import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';

type Encoding = 'br' | 'gzip';

/**
 * The encoding to answer in, from an `Accept-Encoding` header: brotli before gzip (smaller at the same
 * cost for a page), anything the client gave q=0 left out; null for an uncompressed answer.
 */
export function preferredEncoding(acceptEncoding: string | string[] | undefined): Encoding | null {
  const weights = new Map<string, number>();
  for (const part of String(acceptEncoding ?? '').split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((param) => param.trim()).find((param) => param.startsWith('q='));
    const weight = q === undefined ? 1 : Number(q.slice(2));
    if (name) weights.set(name, Number.isFinite(weight) ? weight : 0);
  }
  const weightOf = (encoding: Encoding) => weights.get(encoding) ?? weights.get('*') ?? 0;
  if (weightOf('br') > 0 && weightOf('br') >= weightOf('gzip')) return 'br';
  return weightOf('gzip') > 0 ? 'gzip' : null;
}

/**
 * Pages differ by URL only in the metadata written into them, so few distinct bodies exist: their
 * compressed forms are kept (the newest CACHED_PAGES) rather than compressed on every request.
 */
const CACHED_PAGES = 256;
const compressed = new Map<string, Buffer>();

function compress(html: string, encoding: Encoding): Buffer {
  const key = `${encoding}\n${html}`;
  const kept = compressed.get(key);
  if (kept) return kept;
  const body =
    encoding === 'br'
      ? brotliCompressSync(html, { params: { [constants.BROTLI_PARAM_QUALITY]: 9, [constants.BROTLI_PARAM_SIZE_HINT]: Buffer.byteLength(html) } })
      : gzipSync(html, { level: 9 });
  if (compressed.size >= CACHED_PAGES) compressed.delete(compressed.keys().next().value!);
  compressed.set(key, body);
  return body;
}

/** Answers a page of the client: revalidated on every visit, compressed like the assets when the browser accepts it. */
export function sendHtmlPage(request: FastifyRequest, reply: FastifyReply, status: number, html: string): FastifyReply {
  const encoding = preferredEncoding(request.headers['accept-encoding']);
  reply.status(status).type('text/html; charset=utf-8').header('cache-control', 'no-cache').header('vary', 'accept-encoding');
  if (!encoding) return reply.send(html);
  return reply.header('content-encoding', encoding).send(compress(html, encoding));
}
