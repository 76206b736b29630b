import https from 'node:https';
import { isIP } from 'node:net';
import { Injectable } from '@nestjs/common';
import { isPublicAddress, publicOnlyLookup } from '../../../../common/http/public-address.js';

/** What another issuer's documents (a DID document, a status list) may cost the verifier. */
export const FETCH_TIMEOUT_MS = 5_000;
export const FETCH_MAX_BYTES = 100 * 1024;
const TIMED_OUT = '5秒以内に応答がありませんでした';

/** A document the verifier would not or could not read; `reason` is said to the user (Japanese). */
export class FetchRefusedError extends Error {
  constructor(readonly reason: string) {
    super(reason);
  }
}

/**
 * GETs another issuer's document for the verifier — anyone can make it ask for any URL, so: https only,
 * public addresses only (IP literals and DNS answers alike), no redirects, one 5 s deadline for the whole
 * exchange and at most 100 KB. Never used for the campus's own credentials (their keys and status are local).
 */
@Injectable()
export class PublicHttpsFetcher {
  async get(address: string, accept: string): Promise<{ body: Buffer; contentType: string }> {
    let url: URL;
    try {
      url = new URL(address);
    } catch {
      throw new FetchRefusedError('アドレスの形式が正しくありません');
    }
    if (url.protocol !== 'https:') throw new FetchRefusedError('https 以外のアドレスからは取得しません');
    if (url.username || url.password) throw new FetchRefusedError('認証情報を含むアドレスからは取得しません');
    const host = url.hostname.replace(/^\[|\]$/g, '');
    // Node connects to an IP literal without a lookup: checked here instead.
    if (isIP(host) && !isPublicAddress(host)) throw new FetchRefusedError('公開されていないアドレスからは取得しません');
    return new Promise((resolve, reject) => {
      const signal = AbortSignal.timeout(FETCH_TIMEOUT_MS);
      const request = https.get(url, { headers: { accept }, lookup: publicOnlyLookup(false) as never, signal }, (response) => {
        const status = response.statusCode ?? 0;
        if (status !== 200) {
          response.destroy();
          return reject(new FetchRefusedError(status >= 300 && status < 400 ? 'リダイレクトには従いません' : `HTTP ${status} が返されました`));
        }
        if (Number(response.headers['content-length'] ?? 0) > FETCH_MAX_BYTES) {
          response.destroy();
          return reject(new FetchRefusedError('文書が大きすぎます（100KBまで）'));
        }
        const chunks: Buffer[] = [];
        let size = 0;
        response.on('data', (chunk: Buffer) => {
          size += chunk.length;
          // A server that lied about its length (or sent none) is cut off at the cap.
          if (size > FETCH_MAX_BYTES) {
            response.destroy();
            reject(new FetchRefusedError('文書が大きすぎます（100KBまで）'));
            return;
          }
          chunks.push(chunk);
        });
        response.on('end', () => resolve({ body: Buffer.concat(chunks), contentType: String(response.headers['content-type'] ?? '') }));
        // After 'end' this changes nothing (the promise is settled); before it, the body was cut short.
        response.on('close', () => reject(new FetchRefusedError(signal.aborted ? TIMED_OUT : '受信中に接続が切れました')));
        response.on('error', () => undefined);
      });
      request.on('error', (error: NodeJS.ErrnoException) => {
        if (signal.aborted) return reject(new FetchRefusedError(TIMED_OUT));
        if (error.code === 'EADDRNOTPUBLIC') return reject(new FetchRefusedError('公開されていないアドレスからは取得しません'));
        if (error.code === 'ENOTFOUND') return reject(new FetchRefusedError('ホスト名が見つかりませんでした'));
        reject(new FetchRefusedError('接続できませんでした'));
      });
    });
  }
}
